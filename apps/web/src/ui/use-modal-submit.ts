import { useRef } from 'react';
import { adminCallFailed } from './dashboard-kit/call-failed';
import { useToast } from './toast';

/**
 * An admin's form in a dialog, sent: on success its words in a toast and the dialog closes; on failure
 * the admin's alert, shown over the dialog (the form's `ref` finds it) so it is not hidden behind it.
 */
export function useModalSubmit(onClose: () => void) {
  const formRef = useRef<HTMLFormElement>(null);
  const notify = useToast();

  /** `send` makes the call and answers the success's words; `failed` says what failed. */
  async function run(send: () => Promise<string>, failed: string) {
    try {
      const saved = await send();
      notify(saved, 'success');
      onClose();
    } catch (error) {
      await adminCallFailed(failed, error, formRef.current?.closest('dialog'));
    }
  }

  return { formRef, run };
}
