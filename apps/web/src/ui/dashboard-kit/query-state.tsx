import type { ReactNode } from 'react';
import { apiErrorMessage } from '../../lib/api-error';
import { EmptyState, ErrorMessage } from '../status-message';
import { RetryButton } from './retry-button';

/** What a screen reads of an RTK Query result to choose between its states. */
export interface QueryResult<T> {
  data?: T;
  error?: unknown;
  isLoading: boolean;
  refetch: () => unknown;
}

/** Why a query failed, as a screen says it: a title, then the server's reason (or `reason` when it gave none). */
export interface QueryFailure {
  title: string;
  /** `true`: the server's reason when it gave one; a sentence: the server's reason, else this sentence. */
  reason?: true | string;
}

export interface QueryStateProps<T> {
  query: QueryResult<T>;
  /** The screen's loading look, shaped like what is on its way. */
  loading: ReactNode;
  failed: QueryFailure | ((error: unknown, retry: () => void) => ReactNode);
  /** Shown when the answer holds nothing: a title, or a whole element. Without it, no answer is a failure. */
  empty?: string | ReactNode;
  /** When an answer counts as holding nothing; by default, an empty list. */
  isEmpty?: (data: T) => boolean;
  children: (data: T) => ReactNode;
}

const emptyList = (data: unknown) => Array.isArray(data) && data.length === 0;

/** A failed query: what failed, why when the server said, and a way to ask again. */
export function QueryFailed({
  failure,
  error,
  onRetry,
}: {
  failure: QueryFailure;
  error: unknown;
  onRetry: () => void;
}) {
  const reason =
    failure.reason === undefined
      ? undefined
      : (apiErrorMessage(error) ?? (failure.reason === true ? undefined : failure.reason));
  return (
    <ErrorMessage title={failure.title}>
      {reason && <p>{reason}</p>}
      <RetryButton onRetry={onRetry} />
    </ErrorMessage>
  );
}

/** One screen's query in its four states: loading, failed with a retry, empty, or its answer. */
export function QueryState<T>({ query, loading, failed, empty, isEmpty = emptyList, children }: QueryStateProps<T>) {
  const { data, error, isLoading, refetch } = query;
  const retry = () => void refetch();
  if (isLoading) return <>{loading}</>;
  const noAnswer = data === undefined || data === null;
  if (error || (noAnswer && empty === undefined)) {
    return typeof failed === 'function' ? (
      failed(error, retry)
    ) : (
      <QueryFailed failure={failed} error={error} onRetry={retry} />
    );
  }
  if (noAnswer || isEmpty(data)) return typeof empty === 'string' ? <EmptyState title={empty} /> : empty;
  return <>{children(data)}</>;
}
