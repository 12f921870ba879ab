import { randomUUID } from 'node:crypto';
import type { ShippingAddress } from '@shop/contract/delivery';
import { cartTotalsInCents } from '@shop/contract/money';
import {
  CHECKOUT_SESSION_ID_PLACEHOLDER,
  type CheckoutRequest,
  type CheckoutResponse,
  ORDER_MESSAGES,
} from '@shop/contract/orders';
import type { FastifyRequest } from 'fastify';
import { contextOf, type ServiceContext } from '../../platform/context';
import { AppError, invalid, unauthorised } from '../../platform/errors';
import { enforceRateLimit, type RateLimiter, rateLimitKey } from '../../platform/rate-limit';
import { holdDiscount, type PricedDiscount, priceDiscount, releaseDiscountHold } from '../discounts/discounts.service';
import { cartItemRequestOf, endHold, reserveCart, resolveCartLines } from '../inventory/inventory.service';
import type { PaymentProvider } from '../payments/payment-provider';
import { checkoutCancelPath } from './checkout-paths';
import { insertCheckoutSession } from './orders.queries';

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

/**
 * When a checkout's stock is held until: its lifetime from now, a few seconds over and rounded up to
 * the minute, so Stripe (which wants at least 30 minutes when it receives the request) accepts the same
 * moment the shop's reservation ends.
 */
export function reservationEnd(now: Date, minutes: number): Date {
  const end = now.getTime() + minutes * 60_000 + 5000;
  return new Date(Math.ceil(end / 60_000) * 60_000);
}

type CartLines = Awaited<ReturnType<typeof resolveCartLines>>;

/**
 * Holds one use of the code, then the stock, under one hold id for both: they end together
 * (flows/checkout-release.ts). When the stock cannot be held the code's use goes back at once.
 */
async function holdCheckout(
  ctx: CheckoutContext,
  lines: CartLines,
  discount: PricedDiscount | null,
  { shopper, expiresAt, now }: { shopper: Shopper; expiresAt: Date; now: Date },
): Promise<string> {
  const holdId = randomUUID();
  // The code first: of many shoppers racing for its last use, those who lose never touch the stock.
  const { userId, email } = shopper;
  // A code is priced only with an e-mail to count it against (`checkoutShopper`).
  if (discount && email) {
    await holdDiscount(ctx.db, discount, { holdId, userId, customerEmail: email, expiresAt, now }, lines);
  }
  try {
    await reserveCart(ctx.db, lines, userId, expiresAt, holdId);
  } catch (err) {
    if (discount) await releaseDiscountHold(ctx.db, holdId, 'cancelled');
    throw err;
  }
  return holdId;
}

/** What the shop records of a checkout it opened, to make its order from once it is paid. */
interface HeldCheckout {
  userId: string | null;
  email: string | null;
  recorded: Omit<CartLines[number], 'category'>[];
  totals: ReturnType<typeof cartTotalsInCents>;
  discount: PricedDiscount | null;
  now: Date;
  expiresAt: Date;
  holdId: string;
}

async function recordCheckoutSession(
  ctx: CheckoutContext,
  sessionId: string,
  held: HeldCheckout,
  giveBack: () => Promise<void>,
): Promise<void> {
  try {
    await insertCheckoutSession(ctx.db, {
      id: sessionId,
      provider: ctx.provider.kind,
      userId: held.userId,
      email: held.email,
      lineItems: held.recorded,
      subtotalCents: held.totals.subtotalCents,
      taxCents: held.totals.taxCents,
      amountCents: held.totals.grandTotalCents,
      createdAt: held.now,
      expiresAt: held.expiresAt,
      holdId: held.holdId,
      discountCodeId: held.discount?.codeId ?? null,
      discountCode: held.discount?.code ?? null,
      discountCents: held.totals.discountCents,
    });
  } catch (err) {
    // Without the shop's record nobody could pay for this hold: give it back now (the sweep would later).
    await giveBack().catch(() => {});
    throw err;
  }
}

/** Who checks out: a customer by their account, or a guest, with the e-mail given with the cart if any. */
interface Shopper {
  userId: string | null;
  email: string | null;
  savedAddress: ShippingAddress | null;
}

/**
 * The shopper of a checkout, counted against the rate limit: a customer per account, a guest per address.
 * A guest may give an e-mail with the cart; with a discount code they must, so that a code's limit per
 * customer is counted against it (a guest and an account with the same e-mail are one customer).
 */
async function checkoutShopper(ctx: CheckoutContext, cart: CheckoutRequest): Promise<Shopper> {
  const user = ctx.actor;
  const { checkoutsPerUserPerMinute, guestCheckoutsPerIpPerMinute } = ctx.config.rateLimits;
  await enforceRateLimit(
    ctx.rateLimiter,
    user ? rateLimitKey('checkout', user.id) : rateLimitKey('checkout-guest', ctx.ip),
    { limit: user ? checkoutsPerUserPerMinute : guestCheckoutsPerIpPerMinute, windowSeconds: 60, mayCountAlone: true },
    'checkouts',
  );
  if (user) return { userId: user.id, email: user.email, savedAddress: user.savedAddress ?? null };
  // A client that names a user believes it is logged in: its session has ended, so it is asked to log in
  // again rather than quietly made a guest's checkout.
  if (cart.userId) throw unauthorised();
  if (cart.discountCode && !cart.email) throw invalid(ORDER_MESSAGES.guestEmailForCode);
  return { userId: null, email: cart.email ?? null, savedAddress: null };
}

/**
 * Prices the cart from the catalogue (the client's prices are never read), checks its discount code
 * and prices the discount, holds the code's use and the stock, opens a hosted checkout session for its
 * grand total and records the priced lines before answering, so the order can later be made from the
 * shop's own record whatever the client does. A provider that cannot open the session gives the stock
 * and the code's use back. Without a code nothing of codes is read or written. Guests check out too: the
 * order then belongs to the e-mail given with the cart or typed on the provider's page.
 */
export async function createCheckoutSession(ctx: CheckoutContext, cart: CheckoutRequest): Promise<CheckoutResponse> {
  const shopper = await checkoutShopper(ctx, cart);
  const lines = await resolveCartLines(ctx.db, cart.product.map(cartItemRequestOf));
  const now = new Date();
  const discount: PricedDiscount | null =
    cart.discountCode && shopper.email ? await priceDiscount(ctx, cart.discountCode, lines, shopper.email, now) : null;
  const totals = cartTotalsInCents(lines, discount?.discountCents ?? 0);
  if (totals.grandTotalCents > MAX_CHARGE_CENTS) {
    throw invalid('The order total is too large for one payment. Please split it into smaller orders.');
  }

  // The lines as the provider and the shop's record keep them: the category was only for the code.
  const recorded = lines.map(({ category: _category, ...line }) => line);
  const expiresAt = reservationEnd(now, ctx.config.checkoutReservationMinutes);
  const holdId = await holdCheckout(ctx, lines, discount, { shopper, expiresAt, now });
  const heldProducts = lines.map((line) => line.productId);
  ctx.events.stockMoved(heldProducts);
  const giveBack = async () => {
    await ctx.db.transaction(async (tx) => {
      // The code's row before the sizes', as every transaction that ends a hold takes them.
      if (discount) await releaseDiscountHold(tx, holdId, 'cancelled');
      await endHold(tx, holdId, 'cancelled', shopper.userId);
    });
    ctx.events.stockMoved(heldProducts);
  };

  let session: CheckoutResponse;
  try {
    session = await ctx.provider.createCheckoutSession({
      lineItems: recorded,
      taxCents: totals.taxCents,
      discount: discount && { code: discount.code, amountCents: totals.discountCents },
      customerEmail: shopper.email,
      successUrl: `${ctx.config.publicUrl}/success?session_id=${CHECKOUT_SESSION_ID_PLACEHOLDER}`,
      cancelUrl: `${ctx.config.publicUrl}${checkoutCancelPath(holdId)}`,
      metadata: shopper.userId ? { userId: shopper.userId } : { guest: 'true' },
      expiresAt,
      // The hosted page starts from the saved address, read with the session's user: no query of its own.
      shippingAddressPrefill: shopper.savedAddress,
    });
  } catch (err) {
    ctx.log.error({ err }, 'the payment provider did not open a checkout session');
    await giveBack();
    if (err instanceof AppError) throw err;
    throw new AppError('unavailable', 'The payment could not be started. Please try again in a moment.');
  }

  const { userId, email } = shopper;
  const record = { userId, email, recorded, totals, discount, now, expiresAt, holdId };
  await recordCheckoutSession(ctx, session.id, record, giveBack);
  return { id: session.id, url: session.url };
}
