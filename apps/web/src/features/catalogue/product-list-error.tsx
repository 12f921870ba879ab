import { apiErrorMessage, isNetworkError } from '../../lib/api-error';
import { ErrorMessage } from '../../ui/status-message';

/** A failed product list: the server's message when it gave one, a generic line when it could not be reached. */
export function ProductListError({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const message = apiErrorMessage(error);
  return (
    <ErrorMessage title="Error loading products.">
      <p>{message && !isNetworkError(error) ? `Error: ${message}` : 'Error fetching products'}</p>
      <p className="mt-1">Please check your connection and try again in a moment.</p>
      {onRetry && (
        <button type="button" onClick={onRetry} className="mt-3 font-medium text-ink underline underline-offset-4">
          Try again
        </button>
      )}
    </ErrorMessage>
  );
}
