import { Link } from 'react-router';
import { apiErrorMessage, apiErrorStatus } from '../../lib/api-error';
import { buttonClass } from '../button';
import { Skeleton } from '../skeleton';
import { ErrorMessage } from '../status-message';
import { RetryButton } from './retry-button';

/** The shape of an edit form while the record it edits is on its way. */
export function FormSkeleton({ label }: { label: string }) {
  return (
    <div role="status" aria-label={label} className="space-y-4 rounded-2xl border border-sand bg-white p-8">
      <Skeleton className="h-12 w-full" />
      <Skeleton className="h-12 w-2/3" />
      <Skeleton className="h-32 w-full" />
    </div>
  );
}

export interface RecordLoadFailedProps {
  error: unknown;
  /** Said when there is no such record (404, or an id that cannot be one: 400). */
  missingTitle: string;
  failedTitle: string;
  /** Where a record that is not there sends the admin back to: its list. */
  back: { href: string; label: string };
  onRetry: () => void;
}

/**
 * Why a record to edit is not shown: gone (retrying would not bring it back, so a way back to its list),
 * or not loaded (the server's reason and a retry).
 */
export function RecordLoadFailed({ error, missingTitle, failedTitle, back, onRetry }: RecordLoadFailedProps) {
  const missing = apiErrorStatus(error) === 404 || apiErrorStatus(error) === 400;
  return (
    <ErrorMessage title={missing ? missingTitle : failedTitle}>
      {!missing && apiErrorMessage(error) && <p>{apiErrorMessage(error)}</p>}
      {missing ? (
        <Link to={back.href} className={buttonClass('outline', 'sm', 'mt-4')}>
          {back.label}
        </Link>
      ) : (
        <RetryButton onRetry={onRetry} />
      )}
    </ErrorMessage>
  );
}
