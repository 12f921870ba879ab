import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyHttpOptions, FastifyInstance } from 'fastify';
import type { AppConfig } from './config';

/**
 * The HTTP timeouts, set on purpose: Node leaves a request's body unbounded in time, so a client sending
 * a byte a second (or less than its Content-Length) held a socket, and with a few thousand of them every
 * file descriptor. `connectionsCheckingInterval` is how often Node looks for expired requests; its 30 s
 * default would let each live that much longer.
 */
export function httpServerOptions(config: Pick<AppConfig, 'http'>): Partial<FastifyHttpOptions<http.Server>> {
  const { requestTimeoutMs, headersTimeoutMs, keepAliveTimeoutMs, idleTimeoutMs } = config.http;
  return {
    requestTimeout: requestTimeoutMs,
    keepAliveTimeout: keepAliveTimeoutMs,
    connectionTimeout: idleTimeoutMs,
    http: {
      // Node refuses a headers timeout longer than the request's.
      headersTimeout: Math.min(headersTimeoutMs, requestTimeoutMs),
      connectionsCheckingInterval: Math.min(1000, headersTimeoutMs),
    },
    clientErrorHandler,
  };
}

const CLIENT_ERRORS: Record<string, [status: number, message: string]> = {
  ERR_HTTP_REQUEST_TIMEOUT: [408, 'The request took too long to arrive'],
  HPE_HEADER_OVERFLOW: [431, 'The request headers are too large'],
};

/**
 * Errors Node raises before a request reaches Fastify's routes (a malformed request line, headers too
 * large, a request that timed out): answered in the shop's `{ message }` shape, then the connection is
 * closed. A response already under way is not written into.
 */
function clientErrorHandler(this: FastifyInstance, err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] = CLIENT_ERRORS[err.code ?? ''] ?? [400, 'The request is malformed'];
  this.log.info({ code: err.code, status }, 'request refused before routing');
  const response = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (!socket.writable || response?.headersSent) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify({ message });
  socket.end(
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    () => socket.destroy(),
  );
}
