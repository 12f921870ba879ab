import type { FastifyBaseLogger } from 'fastify';
import { type DestinationStream, pino } from 'pino';

/**
 * Fields of database errors that carry the values of a query: its parameters (a customer's e-mail, a
 * session token's hash) and PostgreSQL's `detail` ("Key (email)=(…) already exists"). The SQL text
 * itself only holds placeholders, so it stays.
 */
const VALUE_FIELDS = ['params', 'parameters', 'detail', 'where', 'internalQuery'] as const;

/** Drizzle's "Failed query: … params: a@b.c,…" message, with the parameters cut off. */
const withoutParams = (text: string) => text.replace(/\nparams: [^\n]*/g, '\nparams: [redacted]');

type SerializedError = Record<string, unknown> & { message?: string; stack?: string; cause?: unknown };

/** pino's error serializer, then every value a failed query carried, on the error and its causes, removed. */
export function serializeError(err: unknown, depth = 0): unknown {
  if (!(err instanceof Error) || depth > 4) return err;
  const out = pino.stdSerializers.err(err) as unknown as SerializedError;
  for (const field of VALUE_FIELDS) if (field in out) out[field] = '[redacted]';
  if (typeof out.message === 'string') out.message = withoutParams(out.message);
  if (typeof out.stack === 'string') out.stack = withoutParams(out.stack);
  if (err.cause !== undefined) out.cause = serializeError(err.cause, depth + 1);
  return out;
}

export interface LoggerOptions {
  /** Where lines go; stdout when absent. */
  destination?: DestinationStream;
  /** Readable lines instead of JSON; by default when stdout is a terminal. */
  pretty?: boolean;
}

/**
 * The process's one structured logger: the server hands it to Fastify (which adds request ids),
 * and start-up and the command-line jobs write through it too. Credentials and the values of failed
 * queries never reach the log. In a terminal the lines are readable; anywhere else they are JSON.
 */
export function createLogger(level: string, options: LoggerOptions = {}): FastifyBaseLogger {
  const pretty = options.pretty ?? (options.destination === undefined && process.stdout.isTTY === true);
  const settings = {
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    serializers: { err: serializeError, error: serializeError },
  };
  if (pretty) {
    return pino({
      ...settings,
      transport: {
        target: 'pino-pretty',
        options: {
          translateTime: 'SYS:HH:MM:ss.l',
          // A request is one line: "request GET /api/products 200 4.1 ms (/api/products)".
          messageFormat: '{msg}{if method} {method} {path} {status} {ms} ms ({route}){end}',
          ignore: 'pid,hostname,reqId,method,path,status,ms,route',
        },
      },
    });
  }
  return options.destination ? pino(settings, options.destination) : pino(settings);
}

/** Writes out what the logger still holds (a terminal's pretty printer runs in a worker) before the process exits. */
export function flushLog(logger: FastifyBaseLogger): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, 1000);
    (logger as unknown as { flush(done: () => void): void }).flush(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}
