import { unfulfilledCheckoutSessions } from '../modules/orders/checkout-sessions.service';
import type { FulfilDeps } from '../modules/orders/fulfil-deps';
import { fulfilCheckout } from './fulfilment';

/** Sessions live 30 minutes and Stripe retries a webhook for 3 days; older ones are settled. */
export const RECONCILE_LOOKBACK_DAYS = 3;

export interface ReconcileReport {
  /** Sessions without an order that the provider was asked about. */
  checked: number;
  /** Paid sessions that had no order and now have one. */
  fulfilled: number;
  /** Paid sessions that still have no order (the failures; the next run tries again). */
  missing: number;
}

/**
 * Makes the order of every paid session that has none: the shopper closed the tab before the
 * success page and the provider's event was lost. Safe to run anywhere, any number of times at
 * once: fulfilment is exactly-once.
 */
export async function reconcile(
  deps: FulfilDeps,
  options: { lookbackDays?: number; now?: Date } = {},
): Promise<ReconcileReport> {
  const now = options.now ?? new Date();
  const since = new Date(now.getTime() - (options.lookbackDays ?? RECONCILE_LOOKBACK_DAYS) * 24 * 60 * 60 * 1000);
  const sessions = await unfulfilledCheckoutSessions(deps.db, since);
  const report: ReconcileReport = { checked: 0, fulfilled: 0, missing: 0 };
  for (const { id } of sessions) {
    report.checked += 1;
    let paid = false;
    try {
      const session = await deps.provider.retrieveSession(id);
      paid = session?.status === 'paid';
      if (!paid) continue;
      const { created } = await fulfilCheckout(deps, id, 'system');
      if (created) report.fulfilled += 1;
    } catch (err) {
      if (paid) report.missing += 1;
      deps.log.error({ err, sessionId: id }, 'reconciliation could not settle a checkout session');
    }
  }
  return report;
}

/** One run of the reconcile job (the job queue runs it every RECONCILE_INTERVAL_SECONDS, in one instance). */
export async function runReconciliation(deps: FulfilDeps): Promise<void> {
  const report = await reconcile(deps);
  const level = report.fulfilled > 0 || report.missing > 0 ? 'warn' : 'info';
  deps.log[level]({ report }, 'reconciliation finished');
}
