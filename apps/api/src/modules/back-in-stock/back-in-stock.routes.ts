import {
  backInStockRequestSchema,
  backInStockResponseSchema,
  backInStockTokenSchema,
} from '@shop/contract/back-in-stock';
import { messageResponseSchema } from '@shop/contract/common';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf } from '../../platform/context';
import * as service from './back-in-stock.service';

/** "Email me when it's back": asking, and the mailed links' confirm and unsubscribe. */
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
};
