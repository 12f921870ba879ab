import { confirmPaymentRequestSchema, orderResponseSchema } from '@shop/contract/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkoutContextOf } from '../modules/orders/checkout.service';
import { requireUser } from '../platform/auth-guard';
import { fulfilCheckout } from './fulfilment';
import { paymentWebhookRoutes } from './payment-webhook.routes';

/**
 * The routes that make an order, under /api/orders beside the orders' own: the success page's
 * confirmation and the provider's webhook. They start the fulfilment flow, which no module may reach,
 * so they live here with it and app.ts registers them.
 */
export const fulfilmentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/confirm-payment',
    {
      config: { auth: 'owner-or-admin' },
      schema: { body: confirmPaymentRequestSchema, response: { 200: orderResponseSchema } },
    },
    async (request) => {
      const actor = { user: requireUser(request), adminPower: request.adminPower };
      const { order } = await fulfilCheckout(checkoutContextOf(request), request.body.session_id, actor);
      return { order };
    },
  );

  await app.register(paymentWebhookRoutes);
};
