import { createHash } from 'node:crypto';
import { Redis } from 'ioredis';
import type { AppConfig } from './config';
import { AppError } from './errors';

/** At most `limit` hits per fixed window of `windowSeconds`, counted from the first hit. */
export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

export interface RateLimitDecision {
  allowed: boolean;
  /** Hits in the current window, this one included. */
  count: number;
  /** Seconds until the window ends and the count starts again. */
  retryAfterSeconds: number;
}

export interface RateLimiter {
  /** Counts one hit against `key` and says whether it is within the rule. */
  consume(key: string, rule: RateLimitRule): Promise<RateLimitDecision>;
  /** Takes back one hit of the current window (an attempt that turned out not to count). */
  refund(key: string): Promise<void>;
  close(): Promise<void>;
}

interface RateLimitStore {
  /** Adds one to the key's counter, starting a window of `windowMs` when there is none. */
  increment(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  decrement(key: string): Promise<void>;
  close(): Promise<void>;
}

interface Logger {
  error(obj: object, msg: string): void;
}

const NAMESPACE = 'shop:rate-limit:';

/** Keys may hold e-mails; hashing keeps personal data out of Redis and bounds the key length. */
export function rateLimitKey(scope: string, subject: string): string {
  return `${scope}:${createHash('sha256').update(subject).digest('base64url')}`;
}

function memoryStore(): RateLimitStore {
  const windows = new Map<string, { count: number; resetAt: number }>();
  // Expired windows are dropped once a minute so the map cannot grow without bound.
  const sweeper = setInterval(() => {
    const now = Date.now();
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
  }, 60_000);
  sweeper.unref();
  return {
    increment: async (key, windowMs) => {
      const now = Date.now();
      let window = windows.get(key);
      if (!window || window.resetAt <= now) {
        window = { count: 0, resetAt: now + windowMs };
        windows.set(key, window);
      }
      window.count += 1;
      return { count: window.count, resetInMs: window.resetAt - now };
    },
    decrement: async (key) => {
      const window = windows.get(key);
      if (window && window.resetAt > Date.now() && window.count > 0) window.count -= 1;
    },
    close: async () => clearInterval(sweeper),
  };
}

// One round trip, atomic across instances; a key left without an expiry gets one.
const INCREMENT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}`;

const DECREMENT_SCRIPT = `
local count = tonumber(redis.call('GET', KEYS[1]) or '0')
if count > 0 then redis.call('DECR', KEYS[1]) end
return 0`;

function redisStore(url: string, log: Logger | undefined): RateLimitStore {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    commandTimeout: 1000,
    maxRetriesPerRequest: 1,
  });
  redis.on('error', (err) => log?.error({ err }, 'rate limit store (Redis) error'));
  return {
    increment: async (key, windowMs) => {
      const [count, ttl] = (await redis.eval(INCREMENT_SCRIPT, 1, NAMESPACE + key, windowMs)) as [number, number];
      return { count, resetInMs: ttl };
    },
    decrement: async (key) => {
      await redis.eval(DECREMENT_SCRIPT, 1, NAMESPACE + key);
    },
    close: async () => {
      if (redis.status === 'ready') await redis.quit();
      else redis.disconnect();
    },
  };
}

/**
 * The shop's rate limiter: in memory for one instance, in Redis when `redisUrl` is set so that
 * several instances share their counts. When Redis fails the request is let through and the
 * failure logged: a Redis outage must not lock every shopper out of logging in or paying.
 */
export function createRateLimiter(config: Pick<AppConfig, 'redisUrl'>, log?: Logger): RateLimiter {
  const store = config.redisUrl ? redisStore(config.redisUrl, log) : memoryStore();
  return {
    consume: async (key, rule) => {
      try {
        const { count, resetInMs } = await store.increment(key, rule.windowSeconds * 1000);
        return {
          allowed: count <= rule.limit,
          count,
          retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)),
        };
      } catch (err) {
        log?.error({ err, key }, 'rate limit check failed; letting the request through');
        return { allowed: true, count: 0, retryAfterSeconds: 0 };
      }
    },
    refund: async (key) => {
      try {
        await store.decrement(key);
      } catch (err) {
        log?.error({ err, key }, 'rate limit refund failed');
      }
    },
    close: () => store.close(),
  };
}

/** The 429 for a refused hit, with `Retry-After` and the wait in words. */
export function tooManyRequests(what: string, decision: RateLimitDecision): AppError {
  const minutes = Math.max(1, Math.ceil(decision.retryAfterSeconds / 60));
  return new AppError(
    'too_many_requests',
    `Too many ${what}. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
    { retryAfterSeconds: decision.retryAfterSeconds },
  );
}

/** Counts a hit and throws the 429 when it is over the rule. */
export async function enforceRateLimit(
  limiter: RateLimiter,
  key: string,
  rule: RateLimitRule,
  what: string,
): Promise<RateLimitDecision> {
  const decision = await limiter.consume(key, rule);
  if (!decision.allowed) throw tooManyRequests(what, decision);
  return decision;
}
