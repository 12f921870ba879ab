import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import type { JobQueue } from '../../platform/job-queue';
import type { ShopEvents } from '../../platform/shop-events';
import type { PaymentProvider } from '../payments/payment-provider';

/** What the order's flows (fulfilment, a checkout's release, a refund) work with. */
export interface FulfilDeps {
  db: Database;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  events: ShopEvents;
  jobs: JobQueue;
}

/** What fulfilment needs, from the app's dependencies. */
export function fulfilDepsOf(
  deps: { db: Database; paymentProvider: PaymentProvider; events: ShopEvents; jobs: JobQueue },
  log: FastifyBaseLogger,
): FulfilDeps {
  return { db: deps.db, provider: deps.paymentProvider, log, events: deps.events, jobs: deps.jobs };
}
