import { createHash } from 'node:crypto';
import type { AppConfig } from './config';
import { AppError } from './errors';
import {
  REDIS_COMMAND_TIMEOUT_MS,
  REDIS_RETRY_AFTER_MS,
  REDIS_SHARED_COUNT_TIMEOUT_MS,
  redisStore,
} from './rate-limit-redis';
import type { ClaimOptions, Logger, RateLimitRule, RateLimitStore } from './rate-limit-store';

export type { ClaimOptions, Logger, RateLimitRule, RateLimitStore } from './rate-limit-store';

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
  claim(key: string, ms: number, options?: ClaimOptions): Promise<boolean>;
  /** Milliseconds left of the hold on `key`, 0 when there is none. */
  heldFor(key: string): Promise<number>;
  /** Whether Redis answers, or null when the limiter keeps its counts in memory only. */
  sharedStoreUp(): Promise<boolean | null>;
  close(): Promise<void>;
}

/** Keys may hold e-mails; hashing keeps personal data out of Redis and bounds the key length. */
export function rateLimitKey(scope: string, subject: string): string {
  return `${scope}:${createHash('sha256').update(subject).digest('base64url')}`;
}

type MemoryStore = RateLimitStore & {
  /** Takes the count Redis gave for the key (every instance's hits) when it is more than this process counted. */
  learn(key: string, count: number, resetInMs: number): void;
};

function memoryStore(): MemoryStore {
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
    learn: (key, count, resetInMs) => {
      const now = Date.now();
      const window = windows.get(key);
      if (resetInMs <= 0 || (window && window.resetAt > now && window.count >= count)) return;
      windows.set(key, { count, resetAt: now + resetInMs });
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
 * Redis first, the process's own memory when Redis fails or is slow. Memory counts every hit too and
 * takes every count Redis gives, even one that came too late to decide on, so when it has to decide
 * alone it goes on from the count of all instances. A limit that may count alone waits briefly, and
 * after a failure the circuit opens: for REDIS_RETRY_AFTER_MS such limits do not wait on Redis at all.
 * Every other limit always asks Redis and waits for it longer.
 */
function sharedWithFallback(shared: RateLimitStore, memory: MemoryStore, log: Logger | undefined) {
  let openUntil = 0;
  const guarded = async <T>(
    what: string,
    command: () => Promise<T>,
    options: ClaimOptions = {},
  ): Promise<T | undefined> => {
    if (options.mayCountAlone && Date.now() < openUntil) return undefined;
    try {
      return await within(command(), options.mayCountAlone ? REDIS_COMMAND_TIMEOUT_MS : REDIS_SHARED_COUNT_TIMEOUT_MS);
    } catch (err) {
      // Said once per opening: limits that wait for Redis go on asking it while the circuit is open.
      if (Date.now() >= openUntil) {
        log?.warn(
          { reason: err instanceof Error ? err.message : String(err), what },
          'Redis did not answer; rate limits count in this process for now',
        );
      }
      openUntil = Date.now() + REDIS_RETRY_AFTER_MS;
      return undefined;
    }
  };
  const store: RateLimitStore = {
    increment: async (key, windowMs, options) => {
      const local = await memory.increment(key, windowMs);
      const fromRedis = () =>
        shared.increment(key, windowMs).then((answer) => {
          memory.learn(key, answer.count, answer.resetInMs);
          return answer;
        });
      return (await guarded('increment', fromRedis, options)) ?? local;
    },
    decrement: async (key) => {
      await memory.decrement(key);
      await guarded('decrement', () => shared.decrement(key), { mayCountAlone: true });
    },
    claim: async (key, ms, options) => {
      const local = await memory.claim(key, ms);
      return (await guarded('claim', () => shared.claim(key, ms), options)) ?? local;
    },
    heldFor: async (key) => {
      const local = await memory.heldFor(key);
      return Math.max(local, (await guarded('heldFor', () => shared.heldFor(key), { mayCountAlone: true })) ?? 0);
    },
    close: async () => {
      await Promise.all([shared.close(), memory.close()]);
    },
  };
  const up = async () => (await guarded('ping', () => shared.heldFor('ping'), { mayCountAlone: true })) !== undefined;
  return { store, up };
}

/**
 * The shop's rate limiter: in memory for one instance, in Redis when `redisUrl` is set so that several
 * instances share their counts, under the shop's own key prefix. It never lets a request through
 * uncounted: when Redis is down, or slow past a limit's patience, each process counts on its own from
 * the last count Redis gave.
 */
export function createRateLimiter(config: Pick<AppConfig, 'redisUrl' | 'redisKeyPrefix'>, log?: Logger): RateLimiter {
  const memory = memoryStore();
  const shared = config.redisUrl
    ? sharedWithFallback(redisStore(config.redisUrl, config.redisKeyPrefix, log), memory, log)
    : undefined;
  const store = shared?.store ?? memory;
  return {
    consume: async (key, rule) => {
      const { count, resetInMs } = await store.increment(key, rule.windowSeconds * 1000, rule);
      return { allowed: count <= rule.limit, count, retryAfterSeconds: Math.max(1, Math.ceil(resetInMs / 1000)) };
    },
    refund: (key) => store.decrement(key),
    claim: (key, ms, options) => store.claim(key, ms, options),
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
