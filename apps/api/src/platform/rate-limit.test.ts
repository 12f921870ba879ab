import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../test/factories';
import { delayingProxy, startPrivateRedis } from '../test/fault-kit';
import { createTestApp, type TestApp } from '../test/test-app';
import { loadConfig } from './config';
import { createRateLimiter, type RateLimiter } from './rate-limit';
import { REDIS_COMMAND_TIMEOUT_MS } from './rate-limit-redis';

// With REDIS_URL set every test here runs against Redis; without it, against the in-memory store.
const redisUrl = process.env.REDIS_URL;
const storeEnv: Record<string, string> = redisUrl ? { REDIS_URL: redisUrl } : {};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      ...storeEnv,
      AUTH_ATTEMPTS_PER_IP_PER_MINUTE: '6',
    },
  });
});
afterAll(() => t.close());

/** Each test calls from its own address, so the per-IP counter of one test cannot spill into another. */
const newAddress = () => `10.${[...randomBytes(3)].join('.')}`;
const login = (remoteAddress: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload, remoteAddress });
const register = (remoteAddress: string, payload: object) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', payload, remoteAddress });

describe(`login and register limits (${redisUrl ? 'Redis' : 'in-memory'} store)`, () => {
  it('limits all login and register attempts from one address, malformed ones included', async () => {
    const address = newAddress();
    const user = await createUser(t.db);
    const attempts = [
      () => login(address, { email: user.email, password: TEST_PASSWORD }),
      () => login(address, { email: 'not-an-email' }),
      () =>
        register(address, {
          username: 'Ada',
          email: `ada-${randomBytes(4).toString('hex')}@example.test`,
          password: 'long-enough-pw',
        }),
      () => register(address, {}),
      () => login(address, { email: user.email, password: 'wrong-password' }),
      () => login(address, { email: user.email, password: TEST_PASSWORD }),
    ];
    const expected = [200, 400, 201, 400, 401, 200];
    for (const [i, attempt] of attempts.entries()) expect((await attempt()).statusCode).toBe(expected[i]);

    for (const attempt of [
      () => login(address, { email: user.email, password: TEST_PASSWORD }),
      () =>
        register(address, {
          username: 'Bo',
          email: `bo-${randomBytes(4).toString('hex')}@example.test`,
          password: 'long-enough-pw',
        }),
    ]) {
      const res = await attempt();
      expect(res.statusCode).toBe(429);
      expect(res.json()).toEqual({
        message: 'Too many login and registration attempts. Please try again in 1 minute.',
      });
      const retryAfter = Number(res.headers['retry-after']);
      expect(retryAfter).toBeGreaterThan(0);
      expect(retryAfter).toBeLessThanOrEqual(60);
    }
    // Other addresses and other routes are not limited.
    expect((await login(newAddress(), { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    const me = await t.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: user.headers,
      remoteAddress: address,
    });
    expect(me.statusCode).toBe(200);
  });
});

describe(`createRateLimiter (${redisUrl ? 'Redis' : 'in-memory'} store)`, () => {
  const limiters: RateLimiter[] = [];
  const newLimiter = (redisKeyPrefix = 'shop:rate-limit-test:', url = redisUrl) => {
    const limiter = createRateLimiter({ redisUrl: url, redisKeyPrefix });
    limiters.push(limiter);
    return limiter;
  };
  afterAll(() => Promise.all(limiters.map((l) => l.close())));
  const newKey = () => `test:${randomBytes(8).toString('hex')}`;

  it('counts hits in a fixed window and starts again when it ends', async () => {
    const limiter = newLimiter();
    const key = newKey();
    const rule = { limit: 2, windowSeconds: 1 };
    expect(await limiter.consume(key, rule)).toEqual({ allowed: true, count: 1, retryAfterSeconds: 1 });
    expect((await limiter.consume(key, rule)).allowed).toBe(true);
    expect(await limiter.consume(key, rule)).toEqual({ allowed: false, count: 3, retryAfterSeconds: 1 });
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await limiter.consume(key, rule)).toEqual({ allowed: true, count: 1, retryAfterSeconds: 1 });
  });

  it('takes back a refunded hit, and never goes below zero', async () => {
    const limiter = newLimiter();
    const key = newKey();
    const rule = { limit: 1, windowSeconds: 60 };
    await limiter.refund(key);
    expect((await limiter.consume(key, rule)).count).toBe(1);
    await limiter.refund(key);
    await limiter.refund(key);
    expect(await limiter.consume(key, rule)).toMatchObject({ allowed: true, count: 1 });
    expect(await limiter.consume(key, rule)).toMatchObject({ allowed: false, count: 2 });
  });

  it(redisUrl ? 'shares counts between instances' : 'keeps counts per instance', async () => {
    const first = newLimiter();
    const second = newLimiter();
    const key = newKey();
    const rule = { limit: 1, windowSeconds: 60 };
    expect((await first.consume(key, rule)).allowed).toBe(true);
    // Several API instances behind a load balancer share limits only through Redis.
    expect((await second.consume(key, rule)).allowed).toBe(!redisUrl);
  });

  it('lets one caller claim a key for a time, however many ask at once', async () => {
    const limiter = newLimiter();
    const key = newKey();
    expect(await limiter.heldFor(key)).toBe(0);
    const claims = await Promise.all(Array.from({ length: 20 }, () => limiter.claim(key, 1500)));
    expect(claims.filter(Boolean)).toHaveLength(1);
    const held = await limiter.heldFor(key);
    expect(held).toBeGreaterThan(1000);
    expect(held).toBeLessThanOrEqual(1500);
  });

  it('counts in memory, never letting a hit through uncounted, when Redis cannot be reached', async () => {
    const warnings: string[] = [];
    const log = { warn: (_obj: object, msg: string) => warnings.push(msg), error: () => {} };
    const limiter = createRateLimiter({ redisUrl: 'redis://127.0.0.1:1', redisKeyPrefix: 'shop:' }, log);
    limiters.push(limiter);
    const key = newKey();
    const rule = { limit: 2, windowSeconds: 60 };
    const started = performance.now();
    const decisions = [];
    for (let i = 0; i < 10; i++) decisions.push(await limiter.consume(key, rule));
    expect(decisions.map((d) => d.allowed)).toEqual([true, true, ...Array(8).fill(false)]);
    // The circuit opens on the first failure: ten checks cost no more than one timeout.
    expect(performance.now() - started).toBeLessThan(REDIS_COMMAND_TIMEOUT_MS + 200);
    expect(warnings).toContain('Redis did not answer; rate limits count in this process for now');
    expect(await limiter.sharedStoreUp()).toBe(false);
  });

  it.runIf(redisUrl)(
    'keeps the counts of shops with different key prefixes apart on one Redis, and shares them under one prefix',
    async () => {
      const [staging, production] = [`shop:staging-${newKey()}:`, `shop:production-${newKey()}:`];
      const [stagingA, stagingB, productionA] = [newLimiter(staging), newLimiter(staging), newLimiter(production)];
      const key = newKey();
      const rule = { limit: 1, windowSeconds: 60 };
      expect((await stagingA.consume(key, rule)).allowed).toBe(true);
      expect((await stagingB.consume(key, rule)).allowed).toBe(false);
      expect((await productionA.consume(key, rule)).allowed).toBe(true);
      const redis = new Redis(redisUrl ?? '');
      try {
        expect(await redis.get(`${staging}rate-limit:${key}`)).toBe('2');
        expect(await redis.get(`${production}rate-limit:${key}`)).toBe('1');
      } finally {
        redis.disconnect();
      }
    },
  );

  it.runIf(redisUrl)(
    'makes limits that guard against guessing wait for a slow Redis, so two instances together allow only the limit',
    async () => {
      const target = new URL(redisUrl ?? '');
      // Every command answered after 2 s, far past the patience of a limit that may count alone.
      const proxy = await delayingProxy({ host: target.hostname, port: Number(target.port || 6379) }, 1000);
      try {
        const slowRedis = `redis://127.0.0.1:${proxy.port}`;
        const prefix = `shop:${newKey()}:`;
        const instances = [newLimiter(prefix, slowRedis), newLimiter(prefix, slowRedis)];
        const key = newKey();
        const rule = { limit: 3, windowSeconds: 60 };
        const allowed: boolean[] = [];
        for (let i = 0; i < 6; i++) allowed.push((await instances[i % 2]?.consume(key, rule))?.allowed ?? true);
        expect(allowed).toEqual([true, true, true, false, false, false]);

        // A nuisance limit decides at once, alone, rather than wait for the answer.
        const started = performance.now();
        expect((await instances[0]?.consume(newKey(), { ...rule, mayCountAlone: true }))?.allowed).toBe(true);
        expect(performance.now() - started).toBeLessThan(1500);
      } finally {
        await proxy.close();
      }
    },
    60_000,
  );

  it('goes on from the last count Redis gave when Redis is gone, not from its own hits alone', async () => {
    const redis = await startPrivateRedis();
    try {
      const prefix = `shop:${newKey()}:`;
      const [first, second] = [newLimiter(prefix, redis.url), newLimiter(prefix, redis.url)];
      const key = newKey();
      const rule = { limit: 5, windowSeconds: 60 };
      for (let i = 0; i < 3; i++) expect((await first.consume(key, rule)).allowed).toBe(true);
      expect(await second.consume(key, rule)).toMatchObject({ allowed: true, count: 4 });
      await redis.stop();
      expect(await second.consume(key, rule)).toMatchObject({ allowed: true, count: 5 });
      expect(await second.consume(key, rule)).toMatchObject({ allowed: false, count: 6 });
    } finally {
      await redis.stop();
    }
  });
});

describe('the Redis key prefix', () => {
  const prefixOf = (env: Record<string, string>) => loadConfig(env).redisKeyPrefix;

  it("is the shop's public address when set, else its database's name, so staging and production differ", () => {
    expect(prefixOf({ PUBLIC_URL: 'https://shop.example.com' })).toBe('shop:shop.example.com:');
    expect(prefixOf({ PUBLIC_URL: 'https://staging.example.com:8443/' })).toBe('shop:staging.example.com:8443:');
    expect(
      prefixOf({ PUBLIC_URL: 'https://shop.example.com', DATABASE_URL: 'postgres://shop@db:5432/production' }),
    ).toBe('shop:shop.example.com:');
    expect(prefixOf({ DATABASE_URL: 'postgres://shop@db:5432/staging' })).toBe('shop:db:staging:');
    expect(prefixOf({ DATABASE_URL: 'postgres://shop@db:5432/production' })).toBe('shop:db:production:');
    expect(prefixOf({ PORT: '3001' })).toBe('shop:localhost:3001:');
  });

  it('is REDIS_KEY_PREFIX when set', () => {
    expect(prefixOf({ REDIS_KEY_PREFIX: 'eu-shop:', PUBLIC_URL: 'https://shop.example.com' })).toBe('eu-shop:');
  });
});
