import {
  backInStockRequestSchema,
  backInStockResponseSchema,
  backInStockTokenSchema,
  backInStockWaitingSchema,
  mostWaitedSizesSchema,
} from '@shop/contract/back-in-stock';
import { idParamsSchema, messageResponseSchema } from '@shop/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf } from '../../platform/context';
import * as service from './back-in-stock.service';

/** "Email me when it's back": asking, the mailed links' confirm and unsubscribe, and the owner's counts. */
export const backInStockRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['back-in-stock'],
        body: backInStockRequestSchema,
        response: { 200: backInStockResponseSchema },
      },
    },
    async (request) => service.askBackInStock(contextOf(request), app.deps.rateLimiter, request.body),
  );

  app.post(
    '/confirm',
    {
      config: { auth: 'public' },
      schema: { tags: ['back-in-stock'], body: backInStockTokenSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => ({ message: await service.confirmBackInStock(contextOf(request), request.body.token) }),
  );

  app.post(
    '/unsubscribe',
    {
      config: { auth: 'public' },
      schema: { tags: ['back-in-stock'], body: backInStockTokenSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => ({ message: await service.unsubscribeBackInStock(contextOf(request), request.body.token) }),
  );

  app.get(
    '/products/:id',
    {
      config: { auth: 'admin' },
      schema: { tags: ['back-in-stock'], params: idParamsSchema, response: { 200: backInStockWaitingSchema } },
    },
    async (request) => service.waitingForProduct(contextOf(request), request.params.id),
  );

  app.get(
    '/most-waited',
    {
      config: { auth: 'admin' },
      schema: { tags: ['back-in-stock'], response: { 200: mostWaitedSizesSchema } },
    },
    async (request) => service.mostWaitedSizes(contextOf(request)),
  );
};
