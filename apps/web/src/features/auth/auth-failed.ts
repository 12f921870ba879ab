import { apiErrorMessage } from '../../lib/api-error';
import { showAlert } from '../../ui/alerts';

/** A login or registration the server refused: its reason, or `fallback` when it gave none. */
export const alertAuthFailed = (title: string, error: unknown, fallback: string, confirmButtonText?: string) =>
  showAlert({ title, text: apiErrorMessage(error) ?? fallback, icon: 'error', confirmButtonText });
