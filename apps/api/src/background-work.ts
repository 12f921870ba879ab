import type { FastifyBaseLogger } from 'fastify';
import type { AppDeps } from './app-deps';
import { runReservationSweep } from './flows/checkout-release';
import { runReconciliation } from './flows/reconcile';
import { startPasswordResetWorker } from './modules/auth/password-reset.service';
import { startBackInStockWorker } from './modules/back-in-stock/back-in-stock-notices';
import { startMailWorker } from './modules/mail/mail-worker';
import { runRefundRetry } from './modules/orders/refunds.service';
import { backfillDerivedImages } from './modules/uploads/image-backfill';

const REFUND_RETRY_INTERVAL_SECONDS = 5 * 60;

/**
 * Puts this instance to work on the shop's job queues. Every instance may: each job is claimed by one
 * of them, and a periodic job's run is one job, so it runs once however many instances there are.
 */
export async function startBackgroundWork(deps: AppDeps, log: FastifyBaseLogger): Promise<void> {
  const { jobs, config } = deps;
  const fulfilDeps = { db: deps.db, provider: deps.paymentProvider, log, events: deps.events, jobs };
  await jobs.work('reconcile', () => runReconciliation(fulfilDeps));
  await jobs.work('reservation-sweep', () => runReservationSweep(fulfilDeps));
  await jobs.work('refund-retry', () => runRefundRetry(fulfilDeps));
  await startMailWorker(deps, log);
  await startPasswordResetWorker({ db: deps.db, jobs, log });
  await startBackInStockWorker({ db: deps.db, jobs, log });
  await jobs.work('image-backfill', async () => {
    await backfillDerivedImages({ db: deps.db, storage: deps.imageStorage, log });
  });
  await jobs.runSoon('image-backfill');

  const periodic = [
    ['reconcile', config.reconcileIntervalSeconds],
    ['reservation-sweep', config.reservationSweepIntervalSeconds],
    // A refund left pending by a crash is asked for again with the same key: never made twice.
    ['refund-retry', REFUND_RETRY_INTERVAL_SECONDS],
  ] as const;
  for (const [name, intervalSeconds] of periodic) {
    await jobs.every(name, intervalSeconds);
    // At start-up at once: whatever a crash or a deploy left behind is settled now, not at the next tick.
    if (intervalSeconds > 0) await jobs.runSoon(name);
  }
}
