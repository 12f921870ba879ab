import type { DiscountCheck, DiscountCheckRequest } from '@shop/contract/discounts';
import { cartTotalsInCents, toDollars } from '@shop/contract/money';
import type { Queryable } from '../../db/client';
import type { ServiceContext } from '../../platform/context';

import { enforceRateLimit, type RateLimiter, rateLimitKey } from '../../platform/rate-limit';
import { cartItemRequestOf, resolveCartLines } from '../inventory/inventory.service';
import { priceDiscount } from './checkout-discount.service';
import { expiredCodeHoldIds } from './discounts.queries';

// The cart panel's check. The owner's codes and a code at checkout have files of their own; other
// modules find them here too.
export {
  type CodeGuessContext,
  countOrderDiscount,
  holdDiscount,
  type PricedDiscount,
  priceDiscount,
  refuseCode,
  releaseDiscountHold,
} from './checkout-discount.service';
export { createCode, editCode, getCode, listCodes, setCodePaused } from './discount-codes.service';

/**
 * What a code takes off the shopper's cart, priced from the catalogue as the checkout will price it:
 * the cart panel shows these figures before the shopper goes to pay. Counted against the same per-customer
 * rate as checkouts (its own count), and an unknown code against the client's address too, so a code
 * cannot be guessed at speed.
 */
export async function checkDiscount(
  ctx: ServiceContext & { rateLimiter: RateLimiter },
  request: DiscountCheckRequest,
): Promise<DiscountCheck> {
  // A customer's checks are counted per account, a guest's per address, as their checkouts are.
  const user = ctx.actor;
  const { checkoutsPerUserPerMinute, guestCheckoutsPerIpPerMinute } = ctx.config.rateLimits;
  await enforceRateLimit(
    ctx.rateLimiter,
    user ? rateLimitKey('discount-check', user.id) : rateLimitKey('discount-check-guest', ctx.ip),
    { limit: user ? checkoutsPerUserPerMinute : guestCheckoutsPerIpPerMinute, windowSeconds: 60 },
    'discount code checks',
  );
  const lines = await resolveCartLines(ctx.db, request.product.map(cartItemRequestOf));
  const customerEmail = user ? user.email : (request.email ?? null);
  const discount = await priceDiscount(ctx, request.code, lines, customerEmail, new Date());
  const totals = cartTotalsInCents(lines, discount.discountCents);
  return {
    code: discount.code,
    description: discount.description,
    subtotal: toDollars(totals.subtotalCents),
    discount: toDollars(totals.discountCents),
    tax: toDollars(totals.taxCents),
    grandTotal: toDollars(totals.grandTotalCents),
  };
}

/** Checkouts' holds of codes past their time, oldest first, for the sweep that gives their uses back. */
export function expiredCodeHolds(db: Queryable, now: Date, limit: number): Promise<string[]> {
  return expiredCodeHoldIds(db, now, limit);
}
