import { confirmPaymentRequestSchema, orderResponseSchema } from '@shop/contract/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkoutContextOf } from '../modules/orders/checkout.service';
import { orderLinkKey, orderLinkToken } from '../platform/order-link';
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
      config: { auth: 'public' },
      schema: { body: confirmPaymentRequestSchema, response: { 200: orderResponseSchema } },
    },
    async (request) => {
      const ctx = checkoutContextOf(request);
      const actor = { user: ctx.actor ?? null, adminPower: request.adminPower };
      const { order, placedAsGuest } = await fulfilCheckout(ctx, request.body.session_id, actor);
      // A guest has no account to find the order in: the answer names its order link.
      if (!placedAsGuest) return { order };
      return { order, orderToken: orderLinkToken(await orderLinkKey(ctx.db), order._id) };
    },
  );

  await app.register(paymentWebhookRoutes);
};
