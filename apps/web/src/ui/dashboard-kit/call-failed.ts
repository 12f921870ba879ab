import { apiErrorMessage } from '../../lib/api-error';
import { showAlert } from '../alerts';

/**
 * A failed admin call: a sentence saying what failed, then what the server said, when it said something.
 * From inside an open modal, pass its dialog: the alert must render in the dialog's top layer to be seen.
 */
export async function adminCallFailed(sentence: string, error: unknown, dialog?: HTMLElement | null): Promise<void> {
  const detail = apiErrorMessage(error);
  await showAlert({ title: 'Error', text: detail ? `${sentence} ${detail}` : sentence, icon: 'error', target: dialog });
}
