import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import { createRateLimiter, type RateLimiter, REDIS_COMMAND_TIMEOUT_MS } from './rate-limit';

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
  const newLimiter = () => {
    const limiter = createRateLimiter({ redisUrl });
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
    const limiter = createRateLimiter({ redisUrl: 'redis://127.0.0.1:1' }, log);
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
});
