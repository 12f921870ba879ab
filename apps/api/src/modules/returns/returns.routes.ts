import {
  orderReturnsParamsSchema,
  orderReturnsResponseSchema,
  RETURN_MESSAGES,
  returnParamsSchema,
  returnRequestSchema,
  returnResponseSchema,
  returnSchema,
  returnsListResponseSchema,
  returnsQuerySchema,
} from '@shop/contract/returns';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf } from '../../platform/context';
import { unauthorised } from '../../platform/errors';
import { enforceRateLimit, rateLimitKey } from '../../platform/rate-limit';
import * as service from './returns.service';

export const returnsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      config: { auth: 'customer' },
      schema: { body: returnRequestSchema, response: { 201: returnResponseSchema } },
    },
    async (request, reply) => {
      if (!request.user) throw unauthorised();
      // Each request may hold an exchange's size for weeks: a script asking all day is not a customer.
      await enforceRateLimit(
        app.deps.rateLimiter,
        rateLimitKey('return-request', request.user.id),
        { limit: app.deps.config.rateLimits.returnRequestsPerUserPerMinute, windowSeconds: 60, mayCountAlone: true },
        'return requests',
      );
      const created = await service.createReturn(contextOf(request), request.body);
      return reply.status(201).send({ message: RETURN_MESSAGES.requested, return: created });
    },
  );

  app.get(
    '/order/:orderId',
    {
      config: { auth: 'owner-or-admin' },
      schema: { params: orderReturnsParamsSchema, response: { 200: orderReturnsResponseSchema } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return service.orderReturns(contextOf(request), request.params.orderId);
    },
  );

  app.get(
    '/',
    {
      config: { auth: 'admin' },
      schema: { querystring: returnsQuerySchema, response: { 200: returnsListResponseSchema } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return service.listReturns(contextOf(request), request.query);
    },
  );

  app.get(
    '/:id',
    {
      config: { auth: 'owner-or-admin' },
      schema: { params: returnParamsSchema, response: { 200: returnSchema } },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return service.returnForViewer(contextOf(request), request.params.id);
    },
  );

  app.post(
    '/:id/receive',
    {
      config: { auth: 'admin' },
      schema: { params: returnParamsSchema, response: { 200: returnResponseSchema } },
    },
    async (request) => {
      const received = await service.receiveReturn(contextOf(request), request.params.id);
      return { message: RETURN_MESSAGES.received, return: received };
    },
  );
};
