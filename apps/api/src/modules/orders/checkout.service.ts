import { CHECKOUT_SESSION_TTL_MINUTES } from '@shop/contract/constants';
import { cartTotalsInCents } from '@shop/contract/money';
import { CHECKOUT_SESSION_ID_PLACEHOLDER, type CheckoutRequest, type CheckoutResponse } from '@shop/contract/orders';
import type { FastifyRequest } from 'fastify';
import { contextOf, type ServiceContext } from '../../platform/context';
import { AppError, invalid, unauthorised } from '../../platform/errors';
import { enforceRateLimit, type RateLimiter, rateLimitKey } from '../../platform/rate-limit';
import type { CheckoutLine, PaymentProvider } from '../payments/payment-provider';
import { findProductsForCheckout, insertCheckoutSession } from './orders.queries';

export interface CheckoutContext extends ServiceContext {
  provider: PaymentProvider;
  rateLimiter: RateLimiter;
}

export function checkoutContextOf(request: FastifyRequest): CheckoutContext {
  const { paymentProvider, rateLimiter } = request.server.deps;
  return { ...contextOf(request), provider: paymentProvider, rateLimiter };
}

/** Stripe's ceiling for one card payment ($999,999.99); larger carts could not be paid anyway. */
export const MAX_CHARGE_CENTS = 99_999_999;

function describeCartItem(item: CheckoutRequest['product'][number]): string {
  const name = (item as { name?: unknown }).name;
  return typeof name === 'string' && name.trim() ? `"${name.trim().slice(0, 120)}"` : item._id;
}

/**
 * Prices the cart from the catalogue (the client's prices are never read), opens a hosted
 * checkout session for its grand total and records the priced lines before answering, so the
 * order can later be made from the shop's own record whatever the client does.
 */
export async function createCheckoutSession(ctx: CheckoutContext, cart: CheckoutRequest): Promise<CheckoutResponse> {
  const user = ctx.actor;
  if (!user) throw unauthorised();
  await enforceRateLimit(
    ctx.rateLimiter,
    rateLimitKey('checkout', user.id),
    { limit: ctx.config.rateLimits.checkoutsPerUserPerMinute, windowSeconds: 60 },
    'checkouts',
  );

  const catalogue = new Map(
    (
      await findProductsForCheckout(
        ctx.db,
        cart.product.map((i) => i._id),
      )
    ).map((p) => [p.id, p]),
  );
  const lines: CheckoutLine[] = [];
  const missing: string[] = [];
  for (const item of cart.product) {
    const product = catalogue.get(item._id);
    if (!product) missing.push(describeCartItem(item));
    else
      lines.push({
        productId: product.id,
        name: product.name,
        image: product.image,
        unitPriceCents: product.priceCents,
        quantity: item.quantity,
      });
  }
  if (missing.length > 0) {
    throw invalid(
      `No longer available: ${missing.join(', ')}. Remove ${missing.length === 1 ? 'it' : 'them'} from your cart and try again.`,
    );
  }
  const totals = cartTotalsInCents(lines);
  if (totals.grandTotalCents > MAX_CHARGE_CENTS) {
    throw invalid('The order total is too large for one payment. Please split it into smaller orders.');
  }

  const now = new Date();
  const expiresAt = new Date(now.getTime() + CHECKOUT_SESSION_TTL_MINUTES * 60_000);
  let session: CheckoutResponse;
  try {
    session = await ctx.provider.createCheckoutSession({
      lineItems: lines,
      taxCents: totals.taxCents,
      customerEmail: user.email,
      successUrl: `${ctx.config.publicUrl}/success?session_id=${CHECKOUT_SESSION_ID_PLACEHOLDER}`,
      cancelUrl: `${ctx.config.publicUrl}/shop`,
      metadata: { userId: user.id },
      expiresAt,
    });
  } catch (err) {
    ctx.log.error({ err }, 'the payment provider did not open a checkout session');
    if (err instanceof AppError) throw err;
    throw new AppError('unavailable', 'The payment could not be started. Please try again in a moment.');
  }

  await insertCheckoutSession(ctx.db, {
    id: session.id,
    provider: ctx.provider.kind,
    userId: user.id,
    email: user.email,
    lineItems: lines,
    subtotalCents: totals.subtotalCents,
    taxCents: totals.taxCents,
    amountCents: totals.grandTotalCents,
    createdAt: now,
    expiresAt,
  });
  return { id: session.id, url: session.url };
}
