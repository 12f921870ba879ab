import type { FastifyBaseLogger } from 'fastify';
import { pino } from 'pino';

/**
 * The process's one structured logger: the server hands it to Fastify (which adds request ids),
 * and start-up and the command-line jobs write through it too. Credentials never reach the log.
 */
export function createLogger(level: string): FastifyBaseLogger {
  return pino({
    level,
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
  });
}
