import type { Database, DatabaseHandle } from './db/client';
import type { Insight } from './modules/insight/insight-deps';
import type { MailSender } from './modules/mail/mail-sender';
import type { PaymentProvider } from './modules/payments/payment-provider';
import type { CatalogueCache } from './modules/products/catalogue-cache';
import type { CatalogueIndex } from './modules/products/catalogue-index';
import type { ImageStorage } from './modules/uploads/image-storage';
import type { RouteAuth } from './platform/auth-guard';
import type { AppConfig } from './platform/config';
import type { JobQueue } from './platform/job-queue';
import type { RateLimiter } from './platform/rate-limit';
import type { ShopEvents } from './platform/shop-events';

/** What the app is built from; tests build it with their own. Modules add what they own. */
export interface AppDeps {
  config: AppConfig;
  database: DatabaseHandle;
  db: Database;
  /** Shared by login, register and checkout; in Redis when REDIS_URL is set. */
  rateLimiter: RateLimiter;
  /** Where uploaded and seeded product images are stored. */
  imageStorage: ImageStorage;
  /** The builtin test-mode checkout, or Stripe when STRIPE_SECRET_KEY is set. */
  paymentProvider: PaymentProvider;
  /** Catalogue answers kept in memory, dropped on writes (modules/products/catalogue-cache.ts). */
  catalogueCache: CatalogueCache;
  /** The catalogue's facets and sorts in memory, which lists are read from while it is up to date. */
  catalogueIndex: CatalogueIndex;
  /** Signs the cookie that tells a login comes from a browser the account used before. */
  knownDeviceSecret: Buffer;
  events: ShopEvents;
  /** Background work as jobs in the shop's database (mails, reconciliation, the reservation sweep). */
  jobs: JobQueue;
  /** SMTP when SMTP_URL is set, otherwise the dev mailbox (modules/mail/mail-sender.ts). */
  mailSender: MailSender;
  /**
   * The sales insight's requests counted in memory and flushed in batches, and its answers kept per range
   * for as long as a flush takes (modules/insight).
   */
  insight: Insight;
  /** Set when the process has been asked to stop: readiness then answers 503. */
  lifecycle: { shuttingDown: boolean };
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: AppDeps;
    /** Every API route with its auth level, for the authorisation matrix test. */
    routeAuth: RouteAuth[];
  }
}
