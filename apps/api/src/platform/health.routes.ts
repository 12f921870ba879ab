import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/health',
    { config: { auth: 'public' }, schema: { response: { 200: z.object({ status: z.literal('ok') }) } } },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/ready',
    {
      config: { auth: 'public' },
      schema: { response: { 200: z.object({ status: z.literal('ready') }), 503: z.object({ message: z.string() }) } },
    },
    async (_request, reply) => {
      if (await app.deps.database.ping()) return { status: 'ready' as const };
      return reply.status(503).send({ message: 'The database is not answering' });
    },
  );
};
