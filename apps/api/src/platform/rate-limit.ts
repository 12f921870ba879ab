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
  /**
   * Takes `key` for `ms` unless it is already held: true for the one caller that took it, however many
   * ask at once (an attempt that may go ahead, then nobody else until the time is up).
   */
  claim(key: string, ms: number): Promise<boolean>;
  /** Milliseconds left of the hold on `key`, 0 when there is none. */
  heldFor(key: string): Promise<number>;
  /** Whether Redis answers, or null when the limiter keeps its counts in memory only. */
  sharedStoreUp(): Promise<boolean | null>;
  close(): Promise<void>;
}

interface RateLimitStore {
  /** Adds one to the key's counter, starting a window of `windowMs` when there is none. */
  increment(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  decrement(key: string): Promise<void>;
  claim(key: string, ms: number): Promise<boolean>;
  heldFor(key: string): Promise<number>;
  close(): Promise<void>;
}

interface Logger {
  warn(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

const NAMESPACE = 'shop:rate-limit:';

/** Keys may hold e-mails; hashing keeps personal data out of Redis and bounds the key length. */
export function rateLimitKey(scope: string, subject: string): string {
  return `${scope}:${createHash('sha256').update(subject).digest('base64url')}`;
}

function memoryStore(): RateLimitStore & { sweep(): void } {
  const windows = new Map<string, { count: number; resetAt: number }>();
  const holds = new Map<string, number>();
  const sweep = () => {
    const now = Date.now();
    for (const [key, window] of windows) if (window.resetAt <= now) windows.delete(key);
    for (const [key, until] of holds) if (until <= now) holds.delete(key);
  };
  // Expired windows are dropped once a minute so the maps cannot grow without bound.
  const sweeper = setInterval(sweep, 60_000);
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
    claim: async (key, ms) => {
      const now = Date.now();
      if ((holds.get(key) ?? 0) > now) return false;
      holds.set(key, now + ms);
      return true;
    },
    heldFor: async (key) => Math.max(0, (holds.get(key) ?? 0) - Date.now()),
    close: async () => clearInterval(sweeper),
    sweep,
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

/**
 * How long one Redis command may take before the limiter counts in memory instead. Short: a login
 * must not wait on a slow Redis (or on its own busy event loop) for longer than this.
 */
export const REDIS_COMMAND_TIMEOUT_MS = 250;
/** After a failure, Redis is left alone for this long (the circuit is open) and memory counts alone. */
export const REDIS_RETRY_AFTER_MS = 5000;

function redisStore(url: string, log: Logger | undefined): RateLimitStore {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    commandTimeout: REDIS_COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    // A command while Redis is away fails at once instead of waiting in a queue for it to come back.
    enableOfflineQueue: false,
  });
  redis.on('error', (err) => log?.warn({ err: { code: (err as NodeJS.ErrnoException).code } }, 'Redis error'));
  // The first command of a lazily connecting client would find it still connecting.
  const connected = () => (redis.status === 'wait' ? redis.connect().catch(() => {}) : Promise.resolve());
  const call = async <T>(command: () => Promise<T>): Promise<T> => {
    await connected();
    return command();
  };
  return {
    increment: async (key, windowMs) => {
      const [count, ttl] = (await call(() => redis.eval(INCREMENT_SCRIPT, 1, NAMESPACE + key, windowMs))) as [
        number,
        number,
      ];
      return { count, resetInMs: ttl };
    },
    decrement: async (key) => {
      await call(() => redis.eval(DECREMENT_SCRIPT, 1, NAMESPACE + key));
    },
    claim: async (key, ms) => (await call(() => redis.set(NAMESPACE + key, '1', 'PX', Math.ceil(ms), 'NX'))) === 'OK',
    heldFor: async (key) => Math.max(0, await call(() => redis.pttl(NAMESPACE + key))),
    close: async () => {
      if (redis.status === 'ready') await redis.quit();
      else redis.disconnect();
    },
  };
}

/** Rejects when `promise` has not settled within `ms`: the command may still land, but nobody waits for it. */
function within<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Redis first, the process's own memory when Redis fails or is slow. Memory counts every hit too, so it
 * holds the recent history when it has to decide alone. After a failure the circuit opens: for
 * REDIS_RETRY_AFTER_MS nothing waits on Redis, then one call tries it again.
 */
function sharedWithFallback(shared: RateLimitStore, memory: RateLimitStore, log: Logger | undefined) {
  let openUntil = 0;
  const guarded = async <T>(what: string, command: () => Promise<T>): Promise<T | undefined> => {
    if (Date.now() < openUntil) return undefined;
    try {
      return await within(command(), REDIS_COMMAND_TIMEOUT_MS);
    } catch (err) {
      openUntil = Date.now() + REDIS_RETRY_AFTER_MS;
      log?.warn(
        { reason: err instanceof Error ? err.message : String(err), what },
        'Redis did not answer; rate limits count in this process for now',
      );
      return undefined;
    }
  };
  const store: RateLimitStore = {
    increment: async (key, windowMs) => {
      const local = await memory.increment(key, windowMs);
      return (await guarded('increment', () => shared.increment(key, windowMs))) ?? local;
    },
    decrement: async (key) => {
      await memory.decrement(key);
      await guarded('decrement', () => shared.decrement(key));
    },
    claim: async (key, ms) => {
      const local = await memory.claim(key, ms);
      return (await guarded('claim', () => shared.claim(key, ms))) ?? local;
    },
    heldFor: async (key) => {
      const local = await memory.heldFor(key);
      return Math.max(local, (await guarded('heldFor', () => shared.heldFor(key))) ?? 0);
    },
    close: async () => {
      await Promise.all([shared.close(), memory.close()]);
    },
  };
  const up = async () => (await guarded('ping', () => shared.heldFor('ping'))) !== undefined;
  return { store, up };
}

/**
 * The shop's rate limiter: in memory for one instance, in Redis when `redisUrl` is set so that several
 * instances share their counts. It never lets a request through uncounted: when Redis is down or slow,
 * each process counts on its own (a limit then holds per instance instead of across them).
 */
export function createRateLimiter(config: Pick<AppConfig, 'redisUrl'>, log?: Logger): RateLimiter {
  const memory = memoryStore();
  const shared = config.redisUrl ? sharedWithFallback(redisStore(config.redisUrl, log), memory, log) : undefined;
  const store = shared?.store ?? memory;
  return {
    consume: async (key, rule) => {
      const { count, resetInMs } = await store.increment(key, rule.windowSeconds * 1000);
      return { allowed: count <= rule.limit, count, retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)) };
    },
    refund: (key) => store.decrement(key),
    claim: (key, ms) => store.claim(key, ms),
    heldFor: (key) => store.heldFor(key),
    sharedStoreUp: async () => (shared ? shared.up() : null),
    close: () => store.close(),
  };
}

/** The 429 for a refused hit, with `Retry-After` and the wait in words. */
export function tooManyRequests(what: string, decision: Pick<RateLimitDecision, 'retryAfterSeconds'>): AppError {
  const seconds = decision.retryAfterSeconds;
  // Short holds (a growing delay between login attempts) in seconds; windows of a minute or more in minutes.
  const wait =
    seconds < 30
      ? `${seconds} second${seconds === 1 ? '' : 's'}`
      : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`;
  return new AppError('too_many_requests', `Too many ${what}. Please try again in ${wait}.`, {
    retryAfterSeconds: seconds,
  });
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
