import type { ReservationEnd } from '../inventory/inventory.queries';
import { expiredHoldIds } from '../inventory/inventory.queries';
import { endHold } from '../inventory/inventory.service';
import { type FulfilDeps, fulfilCheckout } from './fulfil-checkout';
import { findCheckoutSession, findCheckoutSessionByHold } from './orders.queries';

/**
 * How a checkout's stock hold ends when nobody pays: the shopper cancels on the hosted page, the
 * provider says the session expired, or its time runs out and the sweep finds it. Each first closes the
 * provider's session so it can no longer be paid; if it was paid after all, the order is made instead.
 */

async function release(deps: FulfilDeps, holdId: string, end: ReservationEnd, actorId: string | null) {
  const ended = await deps.db.transaction((tx) => endHold(tx, holdId, end, actorId));
  if (ended.length > 0) deps.events.catalogueChanged();
  return ended.length;
}

export type CancelOutcome = { outcome: 'cancelled' | 'unknown' } | { outcome: 'paid'; sessionId: string };

/** The hosted page's Cancel: the checkout's stock goes back at once, for the next shopper. */
export async function cancelCheckout(deps: FulfilDeps, holdId: string): Promise<CancelOutcome> {
  const record = await findCheckoutSessionByHold(deps.db, holdId);
  if (record && (await deps.provider.expireSession(record.id)) === 'paid') {
    await fulfilCheckout(deps, record.id, 'system');
    return { outcome: 'paid', sessionId: record.id };
  }
  const released = await release(deps, holdId, 'cancelled', record?.userId ?? null);
  return { outcome: record || released > 0 ? 'cancelled' : 'unknown' };
}

/** The provider ended a session unpaid (Stripe's `checkout.session.expired`, a failed delayed payment). */
export async function releaseSessionHold(deps: FulfilDeps, sessionId: string, end: ReservationEnd): Promise<void> {
  const record = await findCheckoutSession(deps.db, sessionId);
  if (record?.holdId) await release(deps, record.holdId, end, null);
}

export interface SweepReport {
  released: number;
  /** Holds whose session turned out to be paid: their orders were made. */
  fulfilled: number;
}

const SWEEP_BATCH = 100;

/**
 * Releases every hold past its time. Safe to run anywhere and more than once at a time: each hold ends
 * once. `now` is when "past its time" is measured from (tests move it forward).
 */
export async function sweepExpiredHolds(deps: FulfilDeps, now = new Date()): Promise<SweepReport> {
  const report: SweepReport = { released: 0, fulfilled: 0 };
  for (const holdId of await expiredHoldIds(deps.db, now, SWEEP_BATCH)) {
    try {
      const record = await findCheckoutSessionByHold(deps.db, holdId);
      if (record && (await deps.provider.expireSession(record.id)) === 'paid') {
        if ((await fulfilCheckout(deps, record.id, 'system')).created) report.fulfilled += 1;
        continue;
      }
      if ((await release(deps, holdId, 'expired', null)) > 0) report.released += 1;
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
