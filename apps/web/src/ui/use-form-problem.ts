import { useCallback, useState } from 'react';
import { apiErrorMessage } from '../lib/api-error';

/**
 * Why a form's last sending failed, to show above its button: cleared as it is sent again, then the
 * server's reason, or the form's own sentence when the server gave none.
 */
export function useFormProblem() {
  const [problem, setProblem] = useState<string | null>(null);
  /** Runs the form's call; resolves true when it succeeded, false once its failure is shown. */
  const send = useCallback(async (call: () => Promise<unknown>, fallback: string) => {
    setProblem(null);
    try {
      await call();
      return true;
    } catch (error) {
      setProblem(apiErrorMessage(error) ?? fallback);
      return false;
    }
  }, []);
  return { problem, setProblem, send };
}
