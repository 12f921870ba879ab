import { auditListQuerySchema, auditListResponseSchema } from '@shop/contract/audit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf } from '../../platform/context';
import { listAudit } from './audit.service';

/** The audit log is read here and nowhere else; no route changes or removes a row (audit.test.ts checks every route). */
export const auditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { auth: 'admin' },
      schema: { tags: ['audit'], querystring: auditListQuerySchema, response: { 200: auditListResponseSchema } },
    },
    async (request) => listAudit(contextOf(request), request.query),
  );
};
