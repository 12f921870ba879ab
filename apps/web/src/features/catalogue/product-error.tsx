import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { apiErrorMessage, apiErrorStatus } from '../../lib/api-error';
import { ErrorMessage } from '../../ui/status-message';

/** A failed product page: the server's message for a refusal it explained, a generic line otherwise. */
export function ProductError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const status = apiErrorStatus(error);
  const message = status !== undefined && status < 500 ? apiErrorMessage(error) : undefined;
  return (
    <div className="mt-10">
      <ErrorMessage title="Error fetching product details">
        <p>{message ?? 'Error fetching product!...'}</p>
        <p className="mt-1">
          {status === 404 || status === 400
            ? 'This product may have been removed. Browse the shop for similar pieces.'
            : 'Please check your connection and try again.'}
        </p>
        <div className="mt-4 flex gap-4">
          {status !== 404 && status !== 400 && (
            <button type="button" onClick={onRetry} className="font-medium text-ink underline underline-offset-4">
              Try again
            </button>
          )}
          <Link to={paths.shop.href()} className="font-medium text-ink underline underline-offset-4">
            Back to the shop
          </Link>
        </div>
      </ErrorMessage>
    </div>
  );
}
