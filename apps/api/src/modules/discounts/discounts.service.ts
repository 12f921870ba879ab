import {
  DISCOUNT_CODE_MAX_LENGTH,
  DISCOUNT_CODE_PATTERN,
  DISCOUNT_MESSAGES,
  type DiscountableLine,
  type DiscountCheck,
  type DiscountCheckRequest,
  type DiscountCode,
  type DiscountCodeList,
  type DiscountCodeValues,
  type DiscountProblem,
  describeDiscount,
  discountCentsFor,
  eligibleCents,
  normaliseDiscountCode,
} from '@shop/contract/discounts';
import { cartTotalsInCents, toDollars } from '@shop/contract/money';
import type { FastifyBaseLogger } from 'fastify';
import type { Queryable, Transaction } from '../../db/client';
import type { ServiceContext } from '../../platform/context';
import {
  AppError,
  type AppErrorKind,
  conflict,
  notFound,
  PG_CHECK_VIOLATION,
  PG_UNIQUE_VIOLATION,
  pgConstraint,
  pgErrorCode,
  unauthorised,
} from '../../platform/errors';
import { enforceRateLimit, type RateLimiter, rateLimitKey } from '../../platform/rate-limit';
import { auditActorOf, changedFields, recordAudit } from '../audit/audit.service';
import { cartItemRequestOf, resolveCartLines } from '../inventory/inventory.service';
import { toDiscountCodeDto } from './discounts.dto';
import {
  type CodeForCheckout,
  type CodeHoldEnd,
  countDiscountCodes,
  countUnheldUse,
  type DiscountCodeFields,
  type DiscountCodeRow,
  endCodeHold,
  expiredCodeHoldIds,
  findCodeForCheckout,
  findDiscountCode,
  holdCodeUse,
  insertDiscountCode,
  listDiscountCodes,
  updateDiscountCode,
} from './discounts.queries';

// ---------------------------------------------------------------------------------------------------
// The owner's codes

/** The admin's values as the row keeps them: a percentage code has no amount, a fixed one no percentage. */
function fieldsOf(values: DiscountCodeValues): DiscountCodeFields {
  return {
    code: values.code,
    kind: values.kind,
    percentOff: values.kind === 'percentage' ? values.percentOff : null,
    amountOffCents: values.kind === 'fixed' ? values.amountOffCents : null,
    minOrderCents: values.minOrderCents,
    category: values.category,
    startsAt: values.startsAt ? new Date(values.startsAt) : null,
    endsAt: values.endsAt ? new Date(values.endsAt) : null,
    maxUses: values.maxUses,
    maxUsesPerCustomer: values.maxUsesPerCustomer,
    paused: values.paused,
  };
}

/** A write refused by the table's own rules, in the admin's words. */
function refusedWrite(err: unknown, code: string, counted: number): AppError | undefined {
  const kind = pgErrorCode(err);
  if (kind === PG_UNIQUE_VIOLATION && pgConstraint(err) === 'discount_codes_code_key') {
    return conflict(DISCOUNT_MESSAGES.taken(code));
  }
  if (kind === PG_CHECK_VIOLATION && pgConstraint(err) === 'discount_codes_uses_range') {
    return conflict(DISCOUNT_MESSAGES.belowCounted(counted));
  }
  return undefined;
}

export async function listCodes(
  ctx: ServiceContext,
  query: { page: number; limit: number },
): Promise<DiscountCodeList> {
  const [rows, total] = await Promise.all([
    listDiscountCodes(ctx.db, { limit: query.limit, offset: (query.page - 1) * query.limit }),
    countDiscountCodes(ctx.db),
  ]);
  const now = new Date();
  return { codes: rows.map((row) => toDiscountCodeDto(row, now)), total };
}

export async function getCode(ctx: ServiceContext, id: string): Promise<DiscountCode> {
  const row = await findDiscountCode(ctx.db, id);
  if (!row) throw notFound(DISCOUNT_MESSAGES.notFound);
  return toDiscountCodeDto(row, new Date());
}

export async function createCode(ctx: ServiceContext, values: DiscountCodeValues): Promise<DiscountCode> {
  const actor = ctx.actor;
  if (!actor) throw unauthorised();
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const made = await insertDiscountCode(tx, { ...fieldsOf(values), createdBy: actor.id });
      await onCodeWritten(tx, ctx, 'created', undefined, made);
      return made;
    });
    return toDiscountCodeDto(row, new Date());
  } catch (err) {
    throw refusedWrite(err, values.code, 0) ?? err;
  }
}

/** Changes a code, or only pauses or resumes it; the limits cannot go below what is counted and held. */
async function changeCode(ctx: ServiceContext, id: string, change: Partial<DiscountCodeFields>): Promise<DiscountCode> {
  if (!ctx.actor) throw unauthorised();
  let counted = 0;
  try {
    const row = await ctx.db.transaction(async (tx) => {
      const before = await findDiscountCode(tx, id, { lock: true });
      if (!before) throw notFound(DISCOUNT_MESSAGES.notFound);
      counted = before.uses + before.held;
      const after = await updateDiscountCode(tx, id, change, new Date());
      if (!after) throw notFound(DISCOUNT_MESSAGES.notFound);
      await onCodeWritten(tx, ctx, 'updated', before, after);
      return after;
    });
    return toDiscountCodeDto(row, new Date());
  } catch (err) {
    throw refusedWrite(err, change.code ?? '', counted) ?? err;
  }
}

export const editCode = (ctx: ServiceContext, id: string, values: DiscountCodeValues) =>
  changeCode(ctx, id, fieldsOf(values));

export const setCodePaused = (ctx: ServiceContext, id: string, paused: boolean) => changeCode(ctx, id, { paused });

/** The fields of a code the audit log compares (money in cents, as the log keeps it). */
const AUDITED_FIELDS = [
  'code',
  'kind',
  'percentOff',
  'amountOffCents',
  'minOrderCents',
  'category',
  'startsAt',
  'endsAt',
  'maxUses',
  'maxUsesPerCustomer',
  'paused',
] as const satisfies readonly (keyof DiscountCodeRow)[];

/**
 * The audit log's row for a code's creation or change, in its transaction: created with what it is,
 * edited (pausing included) with each field that changed, before and after. An edit that changed
 * nothing writes none.
 */
async function onCodeWritten(
  tx: Transaction,
  ctx: ServiceContext,
  what: 'created' | 'updated',
  before: DiscountCodeRow | undefined,
  after: DiscountCodeRow,
): Promise<void> {
  const target = { type: 'discount_code' as const, id: after.id, label: after.code };
  if (what === 'created' || !before) {
    await recordAudit(tx, auditActorOf(ctx), {
      kind: 'discount_code.created',
      target,
      details: { description: describeDiscount(after), minOrderCents: after.minOrderCents, paused: after.paused },
    });
    return;
  }
  const changes = changedFields(before, after, AUDITED_FIELDS);
  if (Object.keys(changes).length === 0) return;
  await recordAudit(tx, auditActorOf(ctx), { kind: 'discount_code.updated', target, details: { changes } });
}

// ---------------------------------------------------------------------------------------------------
// A code at checkout

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
  userId: string,
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
  const found = DISCOUNT_CODE_PATTERN.test(text) ? await findCodeForCheckout(ctx.db, text, userId) : undefined;
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
  hold: { holdId: string; userId: string; expiresAt: Date; now: Date },
  lines: readonly DiscountableLine[],
): Promise<void> {
  const outcome = await holdCodeUse(db, { ...hold, codeId: discount.codeId, discountCents: discount.discountCents });
  if (outcome === 'held') return;
  if (outcome === 'used_up') throw refuseCode('used_up', DISCOUNT_MESSAGES.usedUp(discount.code));
  if (outcome === 'customer_used_up') {
    // The customer's own other checkout may have taken the last use a moment ago: read again to say which.
    const found = await findCodeForCheckout(db, discount.code, hold.userId);
    if (found && found.customerUses < (discount.perCustomerLimit ?? Number.POSITIVE_INFINITY)) {
      throw refuseCode('customer_holding', DISCOUNT_MESSAGES.customerHolding(discount.code));
    }
    throw refuseCode('customer_used_up', DISCOUNT_MESSAGES.customerUsedUp(discount.code, found?.customerUses ?? 1));
  }
  // Paused, or out of its dates, since it was priced.
  const found = await findCodeForCheckout(db, discount.code, hold.userId);
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
  order: { holdId: string | null; codeId: string; userId: string | null; sessionId: string },
  now: Date,
  log: FastifyBaseLogger,
): Promise<void> {
  if (order.holdId && (await endCodeHold(tx, order.holdId, 'paid', now))) return;
  try {
    await tx.transaction((savepoint) => countUnheldUse(savepoint, order.codeId, order.userId));
  } catch (err) {
    if (pgErrorCode(err) !== PG_CHECK_VIOLATION) throw err;
    log.error({ sessionId: order.sessionId, codeId: order.codeId }, 'a paid order used a discount code past its limit');
  }
}

// ---------------------------------------------------------------------------------------------------
// The cart panel's check

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
  const user = ctx.actor;
  if (!user) throw unauthorised();
  await enforceRateLimit(
    ctx.rateLimiter,
    rateLimitKey('discount-check', user.id),
    { limit: ctx.config.rateLimits.checkoutsPerUserPerMinute, windowSeconds: 60 },
    'discount code checks',
  );
  const lines = await resolveCartLines(ctx.db, request.product.map(cartItemRequestOf));
  const discount = await priceDiscount(ctx, request.code, lines, user.id, new Date());
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
