import { idParamsSchema } from '@shop/contract/common';
import { lowStockResponseSchema, productStockResponseSchema, stockChangeRequestSchema } from '@shop/contract/inventory';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf } from '../../platform/context';
import { changeStock, lowStock, productStock } from './inventory.service';

/** The admin's view of stock: each size's counts and history, changes to them, and what runs low. */
export const inventoryRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/products/:id',
    {
      config: { auth: 'admin' },
      schema: { tags: ['inventory'], params: idParamsSchema, response: { 200: productStockResponseSchema } },
    },
    async (request) => productStock(app.deps.db, request.params.id),
  );

  app.put(
    '/products/:id',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['inventory'],
        params: idParamsSchema,
        body: stockChangeRequestSchema,
        response: { 200: productStockResponseSchema },
      },
    },
    async (request) => changeStock(contextOf(request), request.params.id, request.body),
  );

  app.get(
    '/low-stock',
    { config: { auth: 'admin' }, schema: { tags: ['inventory'], response: { 200: lowStockResponseSchema } } },
    async () => lowStock(app.deps.db),
  );
};
