import { inspectReturnLineRequestSchema, returnLineParamsSchema, returnResponseSchema } from '@shop/contract/returns';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditActorOf } from '../modules/audit/audit.service';
import { fulfilDepsOf } from '../modules/orders/fulfil-deps';
import { contextOf } from '../platform/context';
import { inspectReturnLine } from './returns';

/**
 * The owner's inspection of a returned line, under /api/returns beside the returns' own routes: it
 * starts the returns flow (a refund, an exchange shipped, stock back), which no module may reach, so it
 * lives here with it and app.ts registers it.
 */
export const returnDecisionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/:id/lines/:lineId/inspect',
    {
      config: { auth: 'admin' },
      schema: {
        params: returnLineParamsSchema,
        body: inspectReturnLineRequestSchema,
        response: { 200: returnResponseSchema },
      },
    },
    async (request) =>
      inspectReturnLine(
        fulfilDepsOf(app.deps, request.log),
        auditActorOf(contextOf(request)),
        { returnId: request.params.id, lineId: request.params.lineId },
        request.body,
      ),
  );
};
