import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHOP_NAME } from '@shop/contract/constants';
import { z } from 'zod';
import { returnsEnv } from './config-returns';
import { bool, optionalString, positiveInt, seconds } from './config-values';
import { parseTrustProxy } from './trust-proxy';

/**
 * The repository root, so defaults do not depend on which folder npm ran a script in: the nearest folder above
 * this module that holds the API's package (this module is in the API's source, or bundled into its build).
 */
function findRepoRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'apps/api/package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No repository root above ${from}`);
  }
}
export const repoRoot = findRepoRoot(path.dirname(fileURLToPath(import.meta.url)));

/** Relative paths in the environment are taken from where the command was typed. */
function resolvePath(value: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), value);
}

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.url().startsWith('postgres', 'must be a postgres:// URL').optional()),
  /** The database's owner: migrations run through it, and it grants DATABASE_URL's role only what the shop needs. */
  DATABASE_MIGRATION_URL: z
    .string()
    .optional()
    .transform((v) => (v ? v : undefined))
    .pipe(z.url().startsWith('postgres', 'must be a postgres:// URL').optional()),
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')).transform(resolvePath),
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'apps/web/dist')).transform(resolvePath),
  /** The web app's server entry, which renders the storefront's pages (`npm run build` makes it). */
  WEB_SERVER_ENTRY: z
    .string()
    .default(path.join(repoRoot, 'apps/web/dist-server/entry-server.js'))
    .transform(resolvePath),
  REDIS_URL: optionalString.pipe(z.url().startsWith('redis', 'must be a redis:// URL').optional()),
  /** Put before every key the shop writes in Redis, so shops sharing one Redis never share a count. */
  REDIS_KEY_PREFIX: optionalString,
  S3_BUCKET: optionalString,
  S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  S3_REGION: z.string().default('us-east-1'),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_PUBLIC_URL: optionalString.pipe(z.url().optional()),
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_PUBLISHABLE_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  /** Points the Stripe SDK at another host (a local fake in tests). */
  STRIPE_API_URL: optionalString.pipe(z.url().optional()),
  ADMIN_EMAIL: optionalString.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalString.pipe(z.string().min(8, 'must be at least 8 characters').optional()),
  /** Mail goes to this SMTP server (smtp:// or smtps://, credentials in the URL); unset: the dev mailbox. */
  SMTP_URL: optionalString.pipe(
    z
      .url()
      .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
      .optional(),
  ),
  MAIL_FROM: optionalString
    .transform((v) => v ?? `"${SHOP_NAME}" <shop@localhost>`)
    .pipe(
      z
        .string()
        .regex(
          /^(?:"[^"\r\n]*"\s*<[^\s<>@]+@[^\s<>@]+>|[^\s<>@"]+@[^\s<>@]+)$/,
          'must be an address or "Name" <address>',
        ),
    ),
  /** The longest wait between two tries of a mail the SMTP server refused (tries back off 1, 2, 4... s). */
  MAIL_RETRY_DELAY_MAX_SECONDS: z.coerce.number().int().min(1).max(3600).default(20),
  /**
   * On PostgreSQL, render and send mails in a thread of their own, which holds a heap of its own: for a shop
   * whose sales bring bursts of mail and whose instances have memory to spare.
   */
  MAIL_THREAD: bool(false),
  SEED_DEMO_DATA: bool(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_TTL_DAYS: positiveInt(30),
  LOGIN_FAILURES_PER_EMAIL: positiveInt(10),
  LOGIN_FAILURE_WINDOW_MINUTES: positiveInt(15),
  LOGIN_DELAY_AFTER_FAILURES: positiveInt(5),
  AUTH_ATTEMPTS_PER_IP_PER_MINUTE: positiveInt(100),
  CHECKOUTS_PER_USER_PER_MINUTE: positiveInt(30),
  /** Checkouts one address may open a minute without an account (guests behind one address share it). */
  GUEST_CHECKOUTS_PER_IP_PER_MINUTE: positiveInt(60),
  /** Discount codes the shop does not know that one address may try a minute, whatever accounts it uses. */
  DISCOUNT_GUESSES_PER_IP_PER_MINUTE: positiveInt(30),
  /** Requests to hear about a sold-out size that one address, and one e-mail, may make an hour. */
  BACK_IN_STOCK_REQUESTS_PER_IP_PER_HOUR: positiveInt(30),
  BACK_IN_STOCK_REQUESTS_PER_EMAIL_PER_HOUR: positiveInt(10),
  ...returnsEnv,
  /** Admins without a second factor must turn it on before any admin call is answered. */
  ADMIN_REQUIRE_2FA: bool(false),
  /** Wrong two-factor codes for one account within LOGIN_FAILURE_WINDOW_MINUTES before it is refused. */
  TWO_FACTOR_FAILURES_PER_ACCOUNT: positiveInt(5),
  TWO_FACTOR_ATTEMPTS_PER_IP_PER_MINUTE: positiveInt(20),
  /** Wrong recovery codes for one account from one address within LOGIN_FAILURE_WINDOW_MINUTES. */
  RECOVERY_CODE_FAILURES_PER_ADDRESS: positiveInt(10),
  RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(300),
  /** How long a checkout holds its stock; Stripe's session ends at the same moment. */
  CHECKOUT_RESERVATION_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
  /** How often reservations past their time are released (0 turns it off). */
  RESERVATION_SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(60),
  /** `true`, `false`, or the load balancers' addresses and CIDR ranges, comma-separated (see trust-proxy.ts). */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform(parseTrustProxy)
    .pipe(
      z.union([z.boolean(), z.array(z.string())], {
        message: 'must be true, false, or addresses and CIDR ranges separated by commas',
      }),
    ),
  /** The whole request, body included: a client sending its body a byte at a time is answered 408. */
  HTTP_REQUEST_TIMEOUT_SECONDS: seconds(60),
  HTTP_HEADERS_TIMEOUT_SECONDS: seconds(15),
  /** Longer than a load balancer's idle timeout, so the balancer, not the shop, closes idle connections. */
  HTTP_KEEP_ALIVE_TIMEOUT_SECONDS: seconds(72),
  /** A connection on which nothing at all arrives for this long is closed. */
  HTTP_IDLE_TIMEOUT_SECONDS: seconds(120),
  DATABASE_POOL_SIZE: positiveInt(20),
  /** How long a request waits for a free database connection before it answers 503. */
  DATABASE_ACQUIRE_TIMEOUT_SECONDS: seconds(5),
  DATABASE_STATEMENT_TIMEOUT_SECONDS: seconds(10),
  DATABASE_LOCK_TIMEOUT_SECONDS: seconds(5),
  /** How long catalogue answers are still served, marked stale, while the database is unreachable. */
  CATALOGUE_STALE_IF_ERROR_SECONDS: z.coerce.number().min(0).max(86_400).default(300),
  /**
   * How often each instance checks whether its catalogue was written without it hearing (an edit made in the
   * database by hand) and then reads its catalogue index again. 0 lists from the database alone.
   */
  CATALOGUE_INDEX_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** How often each instance adds the requests it counted (product views, carts, searches) to the database. */
  INSIGHT_FLUSH_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  /** Add-to-cart beacons one address may send a minute before it is answered 429. */
  CART_BEACONS_PER_IP_PER_MINUTE: positiveInt(30),
  /** After SIGTERM: readiness answers 503 at once, the shop goes on serving this long so a load balancer notices. */
  SHUTDOWN_DELAY_SECONDS: z.coerce.number().min(0).max(600).default(5),
  /**
   * `allow` lets a catalogue import fetch pictures from private addresses (the machine itself, its network):
   * for a shop whose pictures sit on an internal server, and for tests. Refused by default.
   */
  IMPORT_PRIVATE_ADDRESSES: z.enum(['refuse', 'allow']).default('refuse'),
  /**
   * After the delay, requests in flight, jobs and the database have this long to finish before the process exits
   * anyway. With the delay it stays under the 10 s a container runtime waits by default before it kills.
   */
  SHUTDOWN_GRACE_SECONDS: seconds(4),
});

export type AppConfig = ReturnType<typeof toConfig>;

/**
 * One shop's own name in Redis: its public address when set (the same for all its instances, different
 * for staging and production), else its database's name, else the address of the one embedded instance.
 */
function defaultRedisKeyPrefix(env: z.infer<typeof envSchema>, publicUrl: string): string {
  const named = (url: string) => {
    const { host, pathname } = new URL(url);
    return `${host}${pathname.replace(/\/$/, '')}`;
  };
  if (env.PUBLIC_URL) return `shop:${named(env.PUBLIC_URL)}:`;
  if (env.DATABASE_URL) {
    // Without a name in the URL, PostgreSQL opens the database named as the user.
    const { pathname, username } = new URL(env.DATABASE_URL);
    return `shop:db:${decodeURIComponent(pathname.slice(1) || username || 'postgres')}:`;
  }
  return `shop:${named(publicUrl)}:`;
}

/** The bucket pictures are kept in, when one is set; else they are kept on disk. */
function s3Of(env: z.infer<typeof envSchema>) {
  if (!env.S3_BUCKET) return undefined;
  return {
    bucket: env.S3_BUCKET,
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    accessKeyId: env.S3_ACCESS_KEY_ID,
    secretAccessKey: env.S3_SECRET_ACCESS_KEY,
    publicUrl: env.S3_PUBLIC_URL,
  };
}

/** Stripe, when its key is set; else the builtin test-mode checkout. */
function stripeOf(env: z.infer<typeof envSchema>) {
  if (!env.STRIPE_SECRET_KEY) return undefined;
  return {
    secretKey: env.STRIPE_SECRET_KEY,
    publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null,
    webhookSecret: env.STRIPE_WEBHOOK_SECRET,
    apiUrl: env.STRIPE_API_URL,
  };
}

function toConfig(env: z.infer<typeof envSchema>) {
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    databaseUrl: env.DATABASE_URL,
    databaseMigrationUrl: env.DATABASE_MIGRATION_URL,
    dataDir: env.DATA_DIR,
    webDistDir: env.WEB_DIST_DIR,
    webServerEntry: env.WEB_SERVER_ENTRY,
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX ?? defaultRedisKeyPrefix(env, publicUrl),
    s3: s3Of(env),
    stripe: stripeOf(env),
    admin: { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD },
    mail: {
      smtpUrl: env.SMTP_URL,
      from: env.MAIL_FROM,
      retryDelayMaxSeconds: env.MAIL_RETRY_DELAY_MAX_SECONDS,
      inThread: env.MAIL_THREAD,
    },
    seedDemoData: env.SEED_DEMO_DATA,
    logLevel: env.LOG_LEVEL,
    sessionTtlDays: env.SESSION_TTL_DAYS,
    rateLimits: {
      loginFailuresPerEmail: env.LOGIN_FAILURES_PER_EMAIL,
      loginFailureWindowMinutes: env.LOGIN_FAILURE_WINDOW_MINUTES,
      loginDelayAfterFailures: env.LOGIN_DELAY_AFTER_FAILURES,
      authAttemptsPerIpPerMinute: env.AUTH_ATTEMPTS_PER_IP_PER_MINUTE,
      checkoutsPerUserPerMinute: env.CHECKOUTS_PER_USER_PER_MINUTE,
      guestCheckoutsPerIpPerMinute: env.GUEST_CHECKOUTS_PER_IP_PER_MINUTE,
      discountGuessesPerIpPerMinute: env.DISCOUNT_GUESSES_PER_IP_PER_MINUTE,
      backInStockPerIpPerHour: env.BACK_IN_STOCK_REQUESTS_PER_IP_PER_HOUR,
      backInStockPerEmailPerHour: env.BACK_IN_STOCK_REQUESTS_PER_EMAIL_PER_HOUR,
      returnRequestsPerUserPerMinute: env.RETURN_REQUESTS_PER_USER_PER_MINUTE,
    },
    returns: { windowDays: env.RETURN_WINDOW_DAYS },
    twoFactor: {
      adminRequired: env.ADMIN_REQUIRE_2FA,
      failuresPerAccount: env.TWO_FACTOR_FAILURES_PER_ACCOUNT,
      attemptsPerIpPerMinute: env.TWO_FACTOR_ATTEMPTS_PER_IP_PER_MINUTE,
      recoveryFailuresPerAddress: env.RECOVERY_CODE_FAILURES_PER_ADDRESS,
    },
    reconcileIntervalSeconds: env.RECONCILE_INTERVAL_SECONDS,
    checkoutReservationMinutes: env.CHECKOUT_RESERVATION_MINUTES,
    reservationSweepIntervalSeconds: env.RESERVATION_SWEEP_INTERVAL_SECONDS,
    trustProxy: env.TRUST_PROXY,
    http: {
      requestTimeoutMs: env.HTTP_REQUEST_TIMEOUT_SECONDS * 1000,
      headersTimeoutMs: env.HTTP_HEADERS_TIMEOUT_SECONDS * 1000,
      keepAliveTimeoutMs: env.HTTP_KEEP_ALIVE_TIMEOUT_SECONDS * 1000,
      idleTimeoutMs: env.HTTP_IDLE_TIMEOUT_SECONDS * 1000,
    },
    database: {
      poolSize: env.DATABASE_POOL_SIZE,
      acquireTimeoutMs: env.DATABASE_ACQUIRE_TIMEOUT_SECONDS * 1000,
      statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_SECONDS * 1000,
      lockTimeoutMs: env.DATABASE_LOCK_TIMEOUT_SECONDS * 1000,
    },
    catalogueStaleIfErrorMs: env.CATALOGUE_STALE_IF_ERROR_SECONDS * 1000,
    catalogueIndexMs: env.CATALOGUE_INDEX_SECONDS * 1000,
    insight: {
      flushIntervalMs: env.INSIGHT_FLUSH_INTERVAL_SECONDS * 1000,
      cartBeaconsPerIpPerMinute: env.CART_BEACONS_PER_IP_PER_MINUTE,
    },
    importPrivateAddresses: env.IMPORT_PRIVATE_ADDRESSES === 'allow',
    shutdown: { delayMs: env.SHUTDOWN_DELAY_SECONDS * 1000, graceMs: env.SHUTDOWN_GRACE_SECONDS * 1000 },
  };
}

export class ConfigError extends Error {}

/** The one place the environment is read. An invalid value stops start-up naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema
    .refine((e) => !e.STRIPE_SECRET_KEY || e.CHECKOUT_RESERVATION_MINUTES >= 30, {
      path: ['CHECKOUT_RESERVATION_MINUTES'],
      message: 'must be at least 30 with Stripe, whose checkout sessions live 30 minutes or more',
    })
    .refine((e) => !e.DATABASE_MIGRATION_URL || e.DATABASE_URL, {
      path: ['DATABASE_MIGRATION_URL'],
      message: 'needs DATABASE_URL, the role the shop runs as',
    })
    .safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  return toConfig(parsed.data);
}
