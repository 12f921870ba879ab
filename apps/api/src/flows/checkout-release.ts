import { expiredCodeHolds, releaseDiscountHold } from '../modules/discounts/discounts.service';
import { endHold, expiredStockHolds, type ReservationEnd } from '../modules/inventory/inventory.service';
import {
  type CheckoutSessionRow,
  findCheckoutSession,
  findCheckoutSessionByHold,
} from '../modules/orders/checkout-sessions.service';
import type { FulfilDeps } from '../modules/orders/fulfil-deps';
import { checkoutLinesSchema } from '../modules/payments/payment-provider';
import { fulfilCheckout } from './fulfilment';

/**
 * The cancel flow: how a checkout's stock hold (and its discount code's use, held under the same id) ends when nobody
 * pays: the shopper cancels on the hosted page, the provider says the session expired, or its time runs
 * out and the sweep finds it. Each first closes the provider's session so it can no longer be paid; if
 * it was paid after all, the order is made instead.
 */

type Release = Exclude<ReservationEnd, 'paid'>;

/**
 * Gives a hold back, the code's use and the stock in one transaction (the code's row first, as the
 * order's transaction takes them). The code is tried unless the shop's record says the checkout had
 * none, which spares the statement; without a record (a crash before it) it is tried.
 */
async function release(
  deps: FulfilDeps,
  holdId: string,
  end: Release,
  actorId: string | null,
  record: CheckoutSessionRow | undefined,
) {
  let code: string | undefined;
  const ended = await deps.db.transaction(async (tx) => {
    if (hadCode(record)) code = await releaseDiscountHold(tx, holdId, end);
    return endHold(tx, holdId, end, actorId);
  });
  if (ended.length > 0) {
    // The record names the products held; without one, nobody knows which they were.
    if (record) deps.events.stockMoved(checkoutLinesSchema.parse(record.lineItems).map((line) => line.productId));
    else deps.events.catalogueChanged();
  }
  return ended.length + (code ? 1 : 0);
}

const hadCode = (record: { discountCodeId: string | null } | undefined) => !record || record.discountCodeId !== null;

export type CancelOutcome = { outcome: 'cancelled' | 'unknown' } | { outcome: 'paid'; sessionId: string };

/** The hosted page's Cancel: the checkout's stock goes back at once, for the next shopper. */
export async function cancelCheckout(deps: FulfilDeps, holdId: string): Promise<CancelOutcome> {
  const record = await findCheckoutSessionByHold(deps.db, holdId);
  if (record && (await deps.provider.expireSession(record.id)) === 'paid') {
    await fulfilCheckout(deps, record.id, 'system');
    return { outcome: 'paid', sessionId: record.id };
  }
  const released = await release(deps, holdId, 'cancelled', record?.userId ?? null, record);
  return { outcome: record || released > 0 ? 'cancelled' : 'unknown' };
}

/** The provider ended a session unpaid (Stripe's `checkout.session.expired`, a failed delayed payment). */
export async function releaseSessionHold(deps: FulfilDeps, sessionId: string, end: Release): Promise<void> {
  const record = await findCheckoutSession(deps.db, sessionId);
  if (record?.holdId) await release(deps, record.holdId, end, null, record);
}

export interface SweepReport {
  released: number;
  /** Holds whose session turned out to be paid: their orders were made. */
  fulfilled: number;
}

const SWEEP_BATCH = 100;

/**
 * Releases every hold past its time: of stock, or of a code alone (a checkout that stopped between
 * holding its code and its stock). Safe to run anywhere and more than once at a time: each hold ends
 * once. `now` is when "past its time" is measured from (tests move it forward).
 */
export async function sweepExpiredHolds(deps: FulfilDeps, now = new Date()): Promise<SweepReport> {
  const report: SweepReport = { released: 0, fulfilled: 0 };
  const [stock, codes] = await Promise.all([
    expiredStockHolds(deps.db, now, SWEEP_BATCH),
    expiredCodeHolds(deps.db, now, SWEEP_BATCH),
  ]);
  for (const holdId of new Set([...stock, ...codes])) {
    try {
      const record = await findCheckoutSessionByHold(deps.db, holdId);
      if (record && (await deps.provider.expireSession(record.id)) === 'paid') {
        if ((await fulfilCheckout(deps, record.id, 'system')).created) report.fulfilled += 1;
        continue;
      }
      if ((await release(deps, holdId, 'expired', null, record)) > 0) report.released += 1;
    } catch (err) {
      deps.log.error({ err, holdId }, 'an expired stock hold could not be released; the next sweep tries again');
    }
  }
  return report;
}

/** One run of the sweep (the job queue runs it every RESERVATION_SWEEP_INTERVAL_SECONDS, in one instance). */
export async function runReservationSweep(deps: FulfilDeps): Promise<void> {
  const report = await sweepExpiredHolds(deps);
  if (report.released > 0 || report.fulfilled > 0) deps.log.info({ report }, 'stock holds swept');
}
