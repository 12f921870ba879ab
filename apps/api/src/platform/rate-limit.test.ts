import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import { createRateLimiter, type RateLimiter, rateLimitKey } from './rate-limit';

// With REDIS_URL set every test here runs against Redis; without it, against the in-memory store.
const redisUrl = process.env.REDIS_URL;
const storeEnv: Record<string, string> = redisUrl ? { REDIS_URL: redisUrl } : {};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    env: {
      ...storeEnv,
      LOGIN_FAILURES_PER_EMAIL: '3',
      LOGIN_FAILURE_WINDOW_MINUTES: '15',
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
  it('refuses logins to an e-mail after too many failures, even with the right password, for the window', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 3; i++) {
      const res = await login(newAddress(), { email: user.email, password: 'wrong-password' });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid credentials' });
    }
    const res = await login(newAddress(), { email: user.email.toUpperCase(), password: TEST_PASSWORD });
    expect(res.statusCode).toBe(429);
    expect(res.json()).toEqual({ message: 'Too many login attempts. Please try again in 15 minutes.' });
    const retryAfter = Number(res.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(res.headers['set-cookie']).toBeUndefined();

    // The app counted in the configured store: on Redis another instance sees the same four attempts.
    const probe = createRateLimiter({ redisUrl });
    const seen = await probe.consume(rateLimitKey('login-failures', user.email), { limit: 100, windowSeconds: 60 });
    await probe.close();
    expect(seen.count).toBe(redisUrl ? 5 : 1);

    // Another account is not affected.
    const other = await createUser(t.db);
    expect((await login(newAddress(), { email: other.email, password: TEST_PASSWORD })).statusCode).toBe(200);
  });

  it('counts failures for unknown e-mails too', async () => {
    const email = `nobody-${randomBytes(4).toString('hex')}@example.test`;
    for (let i = 0; i < 3; i++)
      expect((await login(newAddress(), { email, password: 'guess-1234' })).statusCode).toBe(401);
    expect((await login(newAddress(), { email, password: 'guess-1234' })).statusCode).toBe(429);
  });

  it('does not count successful logins', async () => {
    const user = await createUser(t.db);
    for (let i = 0; i < 5; i++) {
      expect((await login(newAddress(), { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    }
    for (let i = 0; i < 3; i++) {
      expect((await login(newAddress(), { email: user.email, password: 'wrong-password' })).statusCode).toBe(401);
    }
    expect((await login(newAddress(), { email: user.email, password: TEST_PASSWORD })).statusCode).toBe(429);
  });

  it('lets no more than the limit of parallel guesses at one e-mail reach the password check', async () => {
    const user = await createUser(t.db);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => login(newAddress(), { email: user.email, password: 'wrong-password' })),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429, 429, 429, 429, 429]);
  });

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

  it('lets requests through and logs when Redis cannot be reached', async () => {
    const errors: string[] = [];
    const limiter = createRateLimiter({ redisUrl: 'redis://127.0.0.1:1' }, { error: (_obj, msg) => errors.push(msg) });
    limiters.push(limiter);
    const decision = await limiter.consume(newKey(), { limit: 1, windowSeconds: 60 });
    expect(decision.allowed).toBe(true);
    expect(errors).toContain('rate limit check failed; letting the request through');
  });
});
