import { useCallback } from 'react';
import { confirmAction, showAlert } from '../alerts';
import { useToast } from '../toast';

/**
 * A delete asks Are you sure? with `question` (what is deleted) first, as it cannot be undone; then the
 * server's message as a toast, or `failure` in an alert.
 */
export function useConfirmedDelete() {
  const notify = useToast();
  return useCallback(
    async (question: string, remove: () => Promise<{ message: string }>, failure: string) => {
      const confirmed = await confirmAction({
        title: 'Are you sure?',
        text: question,
        icon: 'warning',
        confirmButtonText: 'Yes, delete it!',
        destructive: true,
      });
      if (!confirmed) return;
      try {
        const { message } = await remove();
        notify(message, 'success');
      } catch {
        await showAlert({ title: 'Error', text: failure, icon: 'error' });
      }
    },
    [notify],
  );
}
