import { apiErrorMessage } from '../../app/api-error';
import { showAlert } from '../../ui/alerts';

/** A failed product call: SPEC.md 8's sentence, then what the server said, when it said something. */
export async function productCallFailed(sentence: string, error: unknown): Promise<void> {
  console.error(sentence, error);
  const detail = apiErrorMessage(error);
  await showAlert({ title: 'Error', text: detail ? `${sentence} ${detail}` : sentence, icon: 'error' });
}
