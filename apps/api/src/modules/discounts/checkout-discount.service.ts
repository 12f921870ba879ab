import {
  DISCOUNT_CODE_MAX_LENGTH,
  DISCOUNT_CODE_PATTERN,
  DISCOUNT_MESSAGES,
  type DiscountableLine,
  type DiscountProblem,
  describeDiscount,
  discountCentsFor,
  eligibleCents,
  normaliseDiscountCode,
} from '@shop/contract/discounts';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable, Transaction } from '../../db/client';
import type { ServiceContext } from '../../platform/context';
import { AppError, type AppErrorKind, PG_CHECK_VIOLATION, pgErrorCode } from '../../platform/errors';
import { enforceRateLimit, type RateLimiter, rateLimitKey } from '../../platform/rate-limit';
import {
  type CodeForCheckout,
  type CodeHoldEnd,
  countUnheldUse,
  endCodeHold,
  findCodeForCheckout,
  holdCodeUse,
} from './discounts.queries';

// A code at checkout: priced against the cart, its use held until the checkout ends, counted once paid.

const STATUS_OF_PROBLEM: Record<DiscountProblem, AppErrorKind> = {
  unknown: 'not_found',
  not_started: 'invalid',
  expired: 'invalid',
  paused: 'invalid',
  used_up: 'conflict',
  customer_used_up: 'conflict',
  customer_holding: 'conflict',
  below_minimum: 'invalid',
  not_applicable: 'invalid',
};

/** A code refused for this cart: the message says which reason, and `discountProblem` names it. */
export function refuseCode(problem: DiscountProblem, message: string): AppError {
  return new AppError(STATUS_OF_PROBLEM[problem], message, { body: { discountProblem: problem } });
}

/** The discount a checkout is given: which code, named as it is now, and what it takes off. */
export interface PricedDiscount {
  codeId: string;
  code: string;
  discountCents: number;
  description: string;
  perCustomerLimit: number | null;
}

/** Why this code cannot be used now on these lines by this customer, if it cannot. */
function problemOf(found: CodeForCheckout, lines: readonly DiscountableLine[], now: Date): AppError | undefined {
  const { code } = found;
  const name = code.code;
  if (code.paused) return refuseCode('paused', DISCOUNT_MESSAGES.paused(name));
  if (code.startsAt && code.startsAt.getTime() > now.getTime()) {
    return refuseCode('not_started', DISCOUNT_MESSAGES.notStarted(name, code.startsAt));
  }
  if (code.endsAt && code.endsAt.getTime() <= now.getTime()) {
    return refuseCode('expired', DISCOUNT_MESSAGES.expired(name, code.endsAt));
  }
  if (code.maxUses !== null && code.uses + code.held >= code.maxUses) {
    return refuseCode('used_up', DISCOUNT_MESSAGES.usedUp(name));
  }
  const perCustomer = code.maxUsesPerCustomer;
  if (perCustomer !== null && found.customerUses >= perCustomer) {
    return refuseCode('customer_used_up', DISCOUNT_MESSAGES.customerUsedUp(name, found.customerUses));
  }
  if (perCustomer !== null && found.customerUses + found.customerHeld >= perCustomer) {
    return refuseCode('customer_holding', DISCOUNT_MESSAGES.customerHolding(name));
  }
  if (code.category && eligibleCents(lines, code.category) === 0) {
    return refuseCode('not_applicable', DISCOUNT_MESSAGES.notApplicable(name, code.category));
  }
  const subtotal = eligibleCents(lines, null);
  if (subtotal < code.minOrderCents) {
    return refuseCode('below_minimum', DISCOUNT_MESSAGES.belowMinimum(name, code.minOrderCents, subtotal));
  }
  return undefined;
}

/**
 * Whose uses of a code a checkout counts: the customer's e-mail, lower-cased, so that a guest and an
 * account with the same e-mail are one customer of a code limited per customer.
 */
export const customerOf = (email: string): string => email.trim().toLowerCase();

/** Where a typed code is priced: the database, and the client's address with the limiter that counts its guesses. */
export type CodeGuessContext = Pick<ServiceContext, 'db' | 'ip' | 'config'> & { rateLimiter: RateLimiter };

/**
 * Checks a code typed by a customer against the cart's lines (priced from the catalogue) and prices its
 * discount in cents: one query, for the code with this customer's uses of it. Throws the refusal that
 * names the reason. Every try counts against the client's address, whichever account sends it, so fresh
 * accounts cannot go on guessing where a stopped one left off; a code that exists is given back, so
 * shoppers behind one address whose carts re-check their real codes are not held up.
 */
export async function priceDiscount(
  ctx: CodeGuessContext,
  typed: string,
  lines: readonly DiscountableLine[],
  /** Whose uses are counted; null for a guest who has not given an e-mail yet (the checkout asks for it). */
  customerEmail: string | null,
  now: Date,
): Promise<PricedDiscount> {
  const guessKey = rateLimitKey('discount-guess-ip', ctx.ip);
  await enforceRateLimit(
    ctx.rateLimiter,
    guessKey,
    { limit: ctx.config.rateLimits.discountGuessesPerIpPerMinute, windowSeconds: 60 },
    'unknown discount codes from this address',
  );
  const text = normaliseDiscountCode(typed);
  const found = DISCOUNT_CODE_PATTERN.test(text)
    ? await findCodeForCheckout(ctx.db, text, customerEmail && customerOf(customerEmail))
    : undefined;
  if (!found) throw refuseCode('unknown', DISCOUNT_MESSAGES.unknown(text.slice(0, DISCOUNT_CODE_MAX_LENGTH)));
  await ctx.rateLimiter.refund(guessKey);
  const problem = problemOf(found, lines, now);
  if (problem) throw problem;
  return {
    codeId: found.code.id,
    code: found.code.code,
    discountCents: discountCentsFor(found.code, lines),
    description: describeDiscount(found.code),
    perCustomerLimit: found.code.maxUsesPerCustomer,
  };
}

/**
 * Holds one use of the code for the checkout `holdId` until it is paid, cancelled or expires (the same
 * moment as its stock). Past a limit, or when the code changed since it was priced, nothing is held and
 * the refusal says why.
 */
export async function holdDiscount(
  db: Queryable,
  discount: PricedDiscount,
  hold: { holdId: string; userId: string | null; customerEmail: string; expiresAt: Date; now: Date },
  lines: readonly DiscountableLine[],
): Promise<void> {
  const customer = customerOf(hold.customerEmail);
  const { holdId, userId, expiresAt, now } = hold;
  const codeId = discount.codeId;
  const outcome = await holdCodeUse(db, {
    ...{ holdId, userId, customer, expiresAt, now },
    ...{ codeId, discountCents: discount.discountCents },
  });
  if (outcome === 'held') return;
  if (outcome === 'used_up') throw refuseCode('used_up', DISCOUNT_MESSAGES.usedUp(discount.code));
  if (outcome === 'customer_used_up') {
    // The customer's own other checkout may have taken the last use a moment ago: read again to say which.
    const found = await findCodeForCheckout(db, discount.code, customer);
    if (found && found.customerUses < (discount.perCustomerLimit ?? Number.POSITIVE_INFINITY)) {
      throw refuseCode('customer_holding', DISCOUNT_MESSAGES.customerHolding(discount.code));
    }
    throw refuseCode('customer_used_up', DISCOUNT_MESSAGES.customerUsedUp(discount.code, found?.customerUses ?? 1));
  }
  // Paused, or out of its dates, since it was priced.
  const found = await findCodeForCheckout(db, discount.code, customer);
  throw (found && problemOf(found, lines, new Date())) ?? refuseCode('paused', DISCOUNT_MESSAGES.paused(discount.code));
}

/** A checkout that ends unpaid gives its code's use back (cancelled, expired, or never opened). */
export async function releaseDiscountHold(db: Queryable, holdId: string, end: Exclude<CodeHoldEnd, 'paid'>) {
  return endCodeHold(db, holdId, end, new Date());
}

/**
 * The paid order's use of its code, counted in the order's own transaction: the held use becomes a
 * counted one. A hold that had ended (a payment after the session was released) is counted where the
 * limits still allow; past them the order stands (it is paid) and the overrun is logged.
 */
export async function countOrderDiscount(
  tx: Transaction,
  order: { holdId: string | null; codeId: string; customerEmail: string | null; sessionId: string },
  now: Date,
  log: FastifyBaseLogger,
): Promise<void> {
  if (order.holdId && (await endCodeHold(tx, order.holdId, 'paid', now))) return;
  try {
    await tx.transaction((savepoint) =>
      countUnheldUse(savepoint, order.codeId, order.customerEmail && customerOf(order.customerEmail)),
    );
  } catch (err) {
    if (pgErrorCode(err) !== PG_CHECK_VIOLATION) throw err;
    log.error({ sessionId: order.sessionId, codeId: order.codeId }, 'a paid order used a discount code past its limit');
  }
}
