import { adminStatsSchema, userStatsParamsSchema, userStatsSchema } from '@shop/contract/stats';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf } from '../../platform/context';
import * as service from './stats.service';

export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user-stats/:idOrEmail',
    {
      config: { auth: 'owner-or-admin' },
      schema: { params: userStatsParamsSchema, response: { 200: userStatsSchema } },
    },
    async (request) => service.userStats(contextOf(request), request.params.idOrEmail),
  );

  app.get('/admin-stats', { config: { auth: 'admin' }, schema: { response: { 200: adminStatsSchema } } }, async () =>
    service.adminStats(app.deps.db),
  );
};
