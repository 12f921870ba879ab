import { Redis } from 'ioredis';
import type { Logger, RateLimitStore } from './rate-limit-store';

/** Follows the shop's REDIS_KEY_PREFIX in every key the limiter writes. */
const NAMESPACE = 'rate-limit:';

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
 * How long a limit that may count alone waits for Redis before the instance decides in memory. Short:
 * an add-to-cart signal must not wait on a slow Redis (or on its own busy event loop).
 */
export const REDIS_COMMAND_TIMEOUT_MS = 250;
/**
 * How long every other limit waits for Redis before the instance decides in memory, from the last
 * count Redis gave. Long: a slow Redis must not let guesses through, only a Redis that is gone.
 */
export const REDIS_SHARED_COUNT_TIMEOUT_MS = 5000;
/** After a failure, limits that may count alone leave Redis alone for this long (the circuit is open). */
export const REDIS_RETRY_AFTER_MS = 5000;

export function redisStore(url: string, keyPrefix: string, log: Logger | undefined): RateLimitStore {
  const namespace = keyPrefix + NAMESPACE;
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 2000,
    commandTimeout: REDIS_SHARED_COUNT_TIMEOUT_MS,
    maxRetriesPerRequest: 0,
    // A command while Redis is away fails at once instead of waiting in a queue for it to come back.
    enableOfflineQueue: false,
  });
  redis.on('error', (err) => log?.warn({ err: { code: (err as NodeJS.ErrnoException).code } }, 'Redis error'));
  // A command sent while the client is still connecting would fail at once (there is no offline queue):
  // it waits for the connection to be ready or to fail, within the caller's patience.
  let connecting: Promise<void> | undefined;
  const connected = () => {
    if (redis.status === 'wait') {
      connecting = redis
        .connect()
        .catch(() => {})
        .finally(() => {
          connecting = undefined;
        });
    } else if (redis.status === 'connecting' || redis.status === 'connect') {
      connecting ??= new Promise<void>((resolve) => {
        const events = ['ready', 'close', 'end'] as const;
        const settle = () => {
          for (const event of events) redis.off(event, settle);
          connecting = undefined;
          resolve();
        };
        for (const event of events) redis.on(event, settle);
      });
    } else return Promise.resolve();
    return connecting ?? Promise.resolve();
  };
  const call = async <T>(command: () => Promise<T>): Promise<T> => {
    await connected();
    return command();
  };
  return {
    increment: async (key, windowMs) => {
      const [count, ttl] = (await call(() => redis.eval(INCREMENT_SCRIPT, 1, namespace + key, windowMs))) as [
        number,
        number,
      ];
      return { count, resetInMs: ttl };
    },
    decrement: async (key) => {
      await call(() => redis.eval(DECREMENT_SCRIPT, 1, namespace + key));
    },
    claim: async (key, ms) => (await call(() => redis.set(namespace + key, '1', 'PX', Math.ceil(ms), 'NX'))) === 'OK',
    heldFor: async (key) => Math.max(0, await call(() => redis.pttl(namespace + key))),
    close: async () => {
      // A Redis that went away while the client was ready refuses even the goodbye.
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
}
