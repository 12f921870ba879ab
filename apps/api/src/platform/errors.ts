export type AppErrorKind =
  | 'invalid'
  | 'unauthorised'
  | 'payment_required'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'gone'
  | 'too_large'
  | 'unsupported'
  | 'too_many_requests'
  | 'bad_gateway'
  | 'unavailable'
  | 'insufficient_storage';

const statusByKind: Record<AppErrorKind, number> = {
  invalid: 400,
  unauthorised: 401,
  payment_required: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  too_large: 413,
  unsupported: 415,
  too_many_requests: 429,
  /** A service the shop relies on (the payment provider) said no to something the shop asked. */
  bad_gateway: 502,
  unavailable: 503,
  insufficient_storage: 507,
};

/** The one error type services throw; the error handler maps its kind to a status and `{ message }`. */
export class AppError extends Error {
  readonly kind: AppErrorKind;
  readonly retryAfterSeconds: number | undefined;
  /** More of the answer beside `message`, for a client that acts on it (the short lines of a 409). */
  readonly body: Record<string, unknown> | undefined;

  constructor(
    kind: AppErrorKind,
    message: string,
    options?: { retryAfterSeconds?: number; cause?: unknown; body?: Record<string, unknown> },
  ) {
    super(message, { cause: options?.cause });
    this.kind = kind;
    this.retryAfterSeconds = options?.retryAfterSeconds;
    this.body = options?.body;
  }

  get statusCode(): number {
    return statusByKind[this.kind];
  }
}

export const invalid = (message: string) => new AppError('invalid', message);
export const notFound = (message: string) => new AppError('not_found', message);
export const forbidden = (message = 'You do not have permission to do that') => new AppError('forbidden', message);
export const unauthorised = (message = 'Please log in to continue') => new AppError('unauthorised', message);
export const conflict = (message: string) => new AppError('conflict', message);

/** PostgreSQL error codes, read through Drizzle's wrapper (TOOLCHAIN.md). */
export function pgErrorCode(err: unknown): string | undefined {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | null;
  const code = e?.cause?.code ?? e?.code;
  return typeof code === 'string' ? code : undefined;
}

export function pgConstraint(err: unknown): string | undefined {
  const e = err as { constraint?: unknown; cause?: { constraint?: unknown } } | null;
  const c = e?.cause?.constraint ?? e?.constraint;
  return typeof c === 'string' ? c : undefined;
}

export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';
export const PG_CHECK_VIOLATION = '23514';

/**
 * SQLSTATEs that say the database cannot serve this request now, though the request itself is fine:
 * a statement or lock timeout, a server shutting down or starting, too many connections, a lost
 * connection, a deadlock victim. The answer is 503 with Retry-After, not 500.
 */
const UNAVAILABLE_SQLSTATES = new Set(['57014', '55P03', '57P01', '57P02', '57P03', '53300', '40P01']);
const CONNECTION_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTFOUND', 'EPIPE']);
/** node-postgres says these in words only: a pool with no free connection in time, a connection lost. */
const UNAVAILABLE_MESSAGES =
  /timeout exceeded when trying to connect|Connection terminated|connection timeout|Query read timeout|not queryable|Cannot use a pool after calling end/i;

export function isDatabaseUnavailable(err: unknown): boolean {
  for (let e: unknown = err, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (
      typeof code === 'string' &&
      (UNAVAILABLE_SQLSTATES.has(code) || code.startsWith('08') || CONNECTION_ERRNOS.has(code))
    ) {
      return true;
    }
    const message = (e as { message?: unknown }).message;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGES.test(message)) return true;
  }
  return false;
}

/** Seconds a client is asked to wait before trying again when the database is not answering. */
export const DATABASE_RETRY_AFTER_SECONDS = 5;

export const databaseUnavailable = (cause?: unknown) =>
  new AppError('unavailable', 'The shop cannot reach its database right now. Please try again in a moment.', {
    retryAfterSeconds: DATABASE_RETRY_AFTER_SECONDS,
    cause,
  });
