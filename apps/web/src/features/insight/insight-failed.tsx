import { apiErrorMessage } from '../../lib/api-error';
import { RetryButton } from '../../ui/dashboard-kit/retry-button';
import { ErrorMessage } from '../../ui/status-message';

/** A failed figures query, as QueryState's `failed`: the server's reason as the title (else `fallback`), and a retry. */
export const failedWithReason = (fallback: string) => (error: unknown, retry: () => void) => (
  <ErrorMessage title={apiErrorMessage(error) ?? fallback}>
    <RetryButton onRetry={retry} />
  </ErrorMessage>
);
