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
  | 'unavailable';

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
  unavailable: 503,
};

/** The one error type services throw; the error handler maps its kind to a status and `{ message }`. */
export class AppError extends Error {
  readonly kind: AppErrorKind;
  readonly retryAfterSeconds: number | undefined;

  constructor(kind: AppErrorKind, message: string, options?: { retryAfterSeconds?: number; cause?: unknown }) {
    super(message, { cause: options?.cause });
    this.kind = kind;
    this.retryAfterSeconds = options?.retryAfterSeconds;
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
