import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';

/** The repository root, so defaults do not depend on which folder npm ran a script in. */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/** Relative paths in the environment are taken from where the command was typed. */
function resolvePath(value: string): string {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), value);
}

const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));
const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => (v === undefined ? fallback : v === 'true' || v === '1'));

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
  DATA_DIR: z.string().default(path.join(repoRoot, 'data')).transform(resolvePath),
  WEB_DIST_DIR: z.string().default(path.join(repoRoot, 'apps/web/dist')).transform(resolvePath),
  REDIS_URL: optionalString.pipe(z.url().startsWith('redis', 'must be a redis:// URL').optional()),
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
  SEED_DEMO_DATA: bool(true),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SESSION_TTL_DAYS: positiveInt(30),
  LOGIN_FAILURES_PER_EMAIL: positiveInt(10),
  LOGIN_FAILURE_WINDOW_MINUTES: positiveInt(15),
  AUTH_ATTEMPTS_PER_IP_PER_MINUTE: positiveInt(100),
  CHECKOUTS_PER_USER_PER_MINUTE: positiveInt(30),
  RECONCILE_INTERVAL_SECONDS: z.coerce.number().int().min(0).default(300),
  TRUST_PROXY: bool(false),
});

export type AppConfig = ReturnType<typeof toConfig>;

function toConfig(env: z.infer<typeof envSchema>) {
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, '');
  return {
    env: env.NODE_ENV,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    databaseUrl: env.DATABASE_URL,
    dataDir: env.DATA_DIR,
    webDistDir: env.WEB_DIST_DIR,
    redisUrl: env.REDIS_URL,
    s3: env.S3_BUCKET
      ? {
          bucket: env.S3_BUCKET,
          endpoint: env.S3_ENDPOINT,
          region: env.S3_REGION,
          accessKeyId: env.S3_ACCESS_KEY_ID,
          secretAccessKey: env.S3_SECRET_ACCESS_KEY,
          publicUrl: env.S3_PUBLIC_URL,
        }
      : undefined,
    stripe: env.STRIPE_SECRET_KEY
      ? {
          secretKey: env.STRIPE_SECRET_KEY,
          publishableKey: env.STRIPE_PUBLISHABLE_KEY ?? null,
          webhookSecret: env.STRIPE_WEBHOOK_SECRET,
          apiUrl: env.STRIPE_API_URL,
        }
      : undefined,
    admin: { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD },
    seedDemoData: env.SEED_DEMO_DATA,
    logLevel: env.LOG_LEVEL,
    sessionTtlDays: env.SESSION_TTL_DAYS,
    rateLimits: {
      loginFailuresPerEmail: env.LOGIN_FAILURES_PER_EMAIL,
      loginFailureWindowMinutes: env.LOGIN_FAILURE_WINDOW_MINUTES,
      authAttemptsPerIpPerMinute: env.AUTH_ATTEMPTS_PER_IP_PER_MINUTE,
      checkoutsPerUserPerMinute: env.CHECKOUTS_PER_USER_PER_MINUTE,
    },
    reconcileIntervalSeconds: env.RECONCILE_INTERVAL_SECONDS,
    trustProxy: env.TRUST_PROXY,
  };
}

export class ConfigError extends Error {}

/** The one place the environment is read. An invalid value stops start-up naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ');
    throw new ConfigError(`Invalid configuration: ${problems}`);
  }
  return toConfig(parsed.data);
}
