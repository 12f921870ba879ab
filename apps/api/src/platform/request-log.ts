import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pino } from 'pino';

/** An address may hold an e-mail (`/api/orders/{email}`): the log keeps its shape, not the person. */
const EMAIL_IN_PATH = /[^/?#]*(?:@|%40)[^/?#]*/gi;

/** A guest's order link (`/orders/guest/{order id}.{signature}`): whoever holds it reads the order. */
const ORDER_LINK_IN_PATH = /(\/orders\/guest\/)[^/?#]+/gi;

/** The path without its query string (which may carry a token), with e-mails and order links masked. */
export function loggablePath(url: string): string {
  const path = url.split('?')[0] ?? '';
  return path.replace(EMAIL_IN_PATH, '[email]').replace(ORDER_LINK_IN_PATH, '$1[order link]');
}

function lineOf(request: FastifyRequest) {
  return {
    method: request.method,
    route: request.routeOptions.url ?? '(no route)',
    path: loggablePath(request.url),
  };
}

/**
 * One line per request, with its route, status and time, instead of Fastify's two lines that name
 * neither the route nor a request the client gave up on: an abandoned request gets a line of its own.
 */
export function registerRequestLog(app: FastifyInstance): void {
  app.decorateRequest('startedAt', 0);
  // Below info (the benchmark runs at warn) the hooks would only cost time.
  if ((pino.levels.values[app.log.level] ?? 0) > pino.levels.values.info!) return;
  app.addHook('onRequest', async (request, reply) => {
    request.startedAt = performance.now();
    // A response closed before it was all written: the client went away, before or after its body.
    reply.raw.once('close', () => {
      if (reply.raw.writableFinished) return;
      const ms = Math.round((performance.now() - request.startedAt) * 10) / 10;
      request.log.info({ ...lineOf(request), status: null, ms }, 'request aborted by the client');
    });
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      { ...lineOf(request), status: reply.statusCode, ms: Math.round(reply.elapsedTime * 10) / 10 },
      'request',
    );
  });
}

declare module 'fastify' {
  interface FastifyRequest {
    /** performance.now() when the request arrived, for the time of an aborted request. */
    startedAt: number;
  }
}
