import { webhookResponseSchema } from '@shop/contract/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkoutContextOf } from '../modules/orders/checkout.service';
import { recordProviderRefunds } from '../modules/orders/refunds.service';
import { AppError } from '../platform/errors';
import { releaseSessionHold } from './checkout-release';
import { fulfilCheckout } from './fulfilment';

/**
 * POST /api/orders/webhook: the provider's events start the flows (fulfilment, a hold's release, a
 * refund's record), so the route lives with them, under the orders' prefix. Its own plugin so that only this route reads JSON as raw bytes: the
 * signature is over the exact body Stripe sent, which re-serialised JSON would not match.
 */
export const paymentWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

  app.post(
    '/webhook',
    { config: { auth: 'public' }, schema: { response: { 200: webhookResponseSchema } } },
    async (request) => {
      const ctx = checkoutContextOf(request);
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const signature = request.headers['stripe-signature'];
      const event = ctx.provider.parseWebhook(raw, typeof signature === 'string' ? signature : undefined);

      if (event.type === 'checkout.failed') {
        request.log.warn({ sessionId: event.sessionId }, 'a delayed payment failed; no order is made');
        await releaseSessionHold(ctx, event.sessionId, 'cancelled');
      } else if (event.type === 'checkout.expired') {
        await releaseSessionHold(ctx, event.sessionId, 'expired');
      } else if (event.type === 'payment.refunded') {
        await recordProviderRefunds(ctx, event);
      } else if (event.type === 'checkout.completed') {
        try {
          await fulfilCheckout(ctx, event.sessionId, 'system');
        } catch (err) {
          // A session this shop never opened (another app on the same account) or an order an admin
          // deleted: acknowledge, or the provider would retry for days. Anything else is retried.
          if (!(err instanceof AppError && err.kind === 'not_found')) throw err;
          request.log.warn({ sessionId: event.sessionId, reason: err.message }, 'webhook for no order');
        }
      }
      return { received: true };
    },
  );
};
