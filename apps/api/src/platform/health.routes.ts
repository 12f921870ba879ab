import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const dependencyState = z.enum(['up', 'down', 'not configured']);
const checksSchema = z.object({ database: dependencyState, redis: dependencyState });

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { config: { auth: 'public' }, schema: { response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );

  /**
   * Whether a load balancer should send this instance traffic: not while it is shutting down, nor while
   * its database does not answer. Redis down does not count (rate limits then count in the process),
   * but the answer says so.
   */
  app.get(
    '/ready',
    {
      config: { auth: 'public' },
      schema: {
        response: {
          200: z.object({ status: z.literal('ready'), checks: checksSchema }),
          503: z.object({ message: z.string(), checks: checksSchema }),
        },
      },
    },
    async (_request, reply) => {
      const { database, rateLimiter, lifecycle } = app.deps;
      const [databaseUp, redisUp] = await Promise.all([database.ping(), rateLimiter.sharedStoreUp()]);
      const checks = {
        database: databaseUp ? ('up' as const) : ('down' as const),
        redis: redisUp === null ? ('not configured' as const) : redisUp ? ('up' as const) : ('down' as const),
      };
      reply.header('Cache-Control', 'no-store');
      if (lifecycle.shuttingDown) return reply.status(503).send({ message: 'The shop is shutting down', checks });
      if (!databaseUp) return reply.status(503).send({ message: 'The database is not answering', checks });
      return { status: 'ready' as const, checks };
    },
  );
};
