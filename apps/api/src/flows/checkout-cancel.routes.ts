import { CHECKOUT_CANCELLED_RETURN } from '@shop/contract/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CHECKOUT_CANCEL_PATH } from '../modules/orders/checkout-paths';
import { fulfilDepsOf } from '../modules/orders/fulfil-deps';
import { cancelCheckout } from './checkout-release';

/**
 * The hosted checkout's Cancel (the builtin page's link, Stripe's cancel_url): the stock goes back at
 * once and the shopper returns to the shop, where the cart is still waiting. Outside /api, as the
 * provider's pages are. It starts the cancel flow, so it lives with the flows.
 */
export const checkoutCancelRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    `${CHECKOUT_CANCEL_PATH}/:holdId`,
    { config: { auth: 'public' }, schema: { params: z.object({ holdId: z.uuid() }), hide: true } },
    async (request, reply) => {
      const cancel = await cancelCheckout(fulfilDepsOf(app.deps, request.log), request.params.holdId);
      reply.header('Cache-Control', 'no-store');
      if (cancel.outcome === 'paid') {
        // Paid a moment before the Cancel: the order exists, and the success page shows it.
        return reply.redirect(`/success?session_id=${encodeURIComponent(cancel.sessionId)}`, 303);
      }
      return reply.redirect(CHECKOUT_CANCELLED_RETURN, 303);
    },
  );
};
