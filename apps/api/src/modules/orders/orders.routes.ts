import { idParamsSchema, messageResponseSchema } from '@shop/contract/common';
import {
  allOrdersQuerySchema,
  checkoutRequestSchema,
  checkoutResponseSchema,
  guestOrderParamsSchema,
  ORDER_MESSAGES,
  orderDetailResponseSchema,
  orderStatusUpdateRequestSchema,
  orderStatusUpdateResponseSchema,
  ordersByEmailParamsSchema,
  ordersListResponseSchema,
  paymentConfigResponseSchema,
  refundRequestSchema,
  refundResponseSchema,
  TOTAL_COUNT_HEADER,
} from '@shop/contract/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf } from '../../platform/context';
import { auditActorOf } from '../audit/audit.service';
import { checkoutContextOf, createCheckoutSession } from './checkout.service';
import { fulfilDepsOf } from './fulfil-deps';
import * as service from './orders.service';
import { refundOrder } from './refunds.service';

type OrdersApp = Parameters<FastifyPluginAsyncZod>[0];

/** Opening a checkout, and which provider the cart's page talks to. */
function registerCheckoutRoutes(app: OrdersApp) {
  app.post(
    '/create-checkout-session',
    {
      // Guests check out too; a customer's session makes the order theirs.
      config: { auth: 'public' },
      schema: { body: checkoutRequestSchema, response: { 200: checkoutResponseSchema } },
    },
    async (request) => createCheckoutSession(checkoutContextOf(request), request.body),
  );

  app.get(
    '/payment-config',
    { config: { auth: 'public' }, schema: { response: { 200: paymentConfigResponseSchema } } },
    async () => ({
      provider: app.deps.paymentProvider.kind,
      publishableKey:
        app.deps.paymentProvider.kind === 'stripe' ? (app.deps.config.stripe?.publishableKey ?? null) : null,
    }),
  );
}

/** One order: its page, a guest's page through the order link, and the admin's status change, refund and deletion. */
function registerOrderRoutes(app: OrdersApp) {
  app.get(
    '/guest/:token',
    {
      config: { auth: 'public' },
      schema: { params: guestOrderParamsSchema, response: { 200: orderDetailResponseSchema } },
    },
    async (request, reply) => {
      // Only the holder of the link reads it: never kept by a shared cache.
      reply.header('Cache-Control', 'private, no-store');
      return service.guestOrder(contextOf(request), request.params.token);
    },
  );

  app.get(
    '/order/:id',
    {
      config: { auth: 'owner-or-admin' },
      schema: { params: idParamsSchema, response: { 200: orderDetailResponseSchema } },
    },
    async (request) => service.orderById(contextOf(request), request.params.id),
  );

  app.patch(
    '/update-order-status/:id',
    {
      config: { auth: 'admin' },
      schema: {
        params: idParamsSchema,
        body: orderStatusUpdateRequestSchema,
        response: { 200: orderStatusUpdateResponseSchema },
      },
    },
    async (request) => {
      const order = await service.updateOrderStatus(contextOf(request), request.params.id, request.body);
      return { message: ORDER_MESSAGES.statusUpdated, order };
    },
  );

  app.post(
    '/refund/:id',
    {
      config: { auth: 'admin' },
      schema: { params: idParamsSchema, body: refundRequestSchema, response: { 200: refundResponseSchema } },
    },
    async (request) =>
      refundOrder(
        fulfilDepsOf(app.deps, request.log),
        auditActorOf(contextOf(request)),
        request.params.id,
        request.body,
      ),
  );

  app.delete(
    '/delete-order/:id',
    { config: { auth: 'admin' }, schema: { params: idParamsSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await service.deleteOrder(contextOf(request), request.params.id);
      return { message: ORDER_MESSAGES.deleted };
    },
  );
}

/** The admin's list of every order, and a customer's own orders by e-mail. */
function registerOrderListRoutes(app: OrdersApp) {
  app.get(
    '/',
    {
      config: { auth: 'admin' },
      schema: { querystring: allOrdersQuerySchema, response: { 200: ordersListResponseSchema } },
    },
    async (request, reply) => {
      const { orders, total } = await service.allOrders(contextOf(request), request.query);
      reply.header(TOTAL_COUNT_HEADER, String(total));
      return orders;
    },
  );

  // Registered after the literal paths above, which find-my-way would prefer anyway.
  app.get(
    '/:email',
    {
      config: { auth: 'owner-or-admin' },
      schema: { params: ordersByEmailParamsSchema, response: { 200: ordersListResponseSchema } },
    },
    async (request) => service.ordersByEmail(contextOf(request), request.params.email),
  );
}

/**
 * The orders' own routes under /api/orders. The two that start a flow across modules, the success page's
 * confirmation and the provider's webhook, live in flows/fulfilment.routes.ts under the same prefix:
 * a module never reaches the flows, so the flow's route sits beside the flow.
 */
export const ordersRoutes: FastifyPluginAsyncZod = async (app) => {
  registerCheckoutRoutes(app);
  registerOrderRoutes(app);
  registerOrderListRoutes(app);
};
