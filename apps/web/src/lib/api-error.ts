import type { SerializedError } from '@reduxjs/toolkit';
import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

/** The server's `{ message }`, when the failure carried one. */
export function apiErrorMessage(
  error: FetchBaseQueryError | SerializedError | undefined | unknown,
): string | undefined {
  if (!error || typeof error !== 'object') return undefined;
  if ('data' in error) {
    const data = (error as { data: unknown }).data;
    if (data && typeof data === 'object' && 'message' in data && typeof data.message === 'string') return data.message;
  }
  if ('message' in error && typeof error.message === 'string') return error.message;
  return undefined;
}

/** The HTTP status of a failed call, or undefined when the network or parsing failed. */
export function apiErrorStatus(error: unknown): number | undefined {
  if (error && typeof error === 'object' && 'status' in error && typeof error.status === 'number') return error.status;
  return undefined;
}

/** True when the browser never got an answer (offline, server down, timeout). */
export function isNetworkError(error: unknown): boolean {
  if (!error || typeof error !== 'object' || !('status' in error)) return false;
  return error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR';
}
