import { randomBytes } from 'node:crypto';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { delayingProxy, startPrivateRedis } from '../../test/fault-kit';
import { createTestApp, type TestApp } from '../../test/test-app';
import { loginDelaySeconds } from './auth.service';
import { DEVICE_COOKIE } from './known-device';

/** The lockout policy of docs/decisions/007-login-lockout.md, through the login route. */

const newAddress = () => `10.${[...randomBytes(3)].join('.')}`;
const WRONG = 'wrong-password';

function loginAs(t: TestApp, email: string, password: string, from: { address: string; cookie?: string }) {
  return t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email, password },
    remoteAddress: from.address,
    ...(from.cookie ? { headers: { cookie: from.cookie } } : {}),
  });
}

const deviceCookieOf = (res: LightMyRequestResponse) => {
  const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE);
  if (!cookie) throw new Error('no device cookie');
  return `${cookie.name}=${cookie.value}`;
};

describe('failures per e-mail and address', () => {
  let t: TestApp;
  beforeAll(async () => {
    // The growing delay is out of the way here: only the limit of one address counts.
    t = await createTestApp({ env: { LOGIN_FAILURES_PER_EMAIL: '10', LOGIN_DELAY_AFTER_FAILURES: '1000' } });
  });
  afterAll(() => t.close());

  it('locks the address that guessed ten times, right password included, and nobody else', async () => {
    const user = await createUser(t.db);
    const guesser = newAddress();
    for (let i = 0; i < 10; i++) {
      expect((await loginAs(t, user.email, WRONG, { address: guesser })).statusCode).toBe(401);
    }
    const locked = await loginAs(t, user.email, TEST_PASSWORD, { address: guesser });
    expect([locked.statusCode, locked.json()]).toEqual([
      429,
      { message: 'Too many login attempts. Please try again in 15 minutes.' },
    ]);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(14 * 60);
    // The owner, from anywhere else, is not locked out by someone else's guesses.
    expect((await loginAs(t, user.email, TEST_PASSWORD, { address: newAddress() })).statusCode).toBe(200);
  });

  it('counts unknown e-mails the same way', async () => {
    const email = `nobody-${randomBytes(4).toString('hex')}@example.test`;
    const guesser = newAddress();
    for (let i = 0; i < 10; i++) expect((await loginAs(t, email, WRONG, { address: guesser })).statusCode).toBe(401);
    expect((await loginAs(t, email, WRONG, { address: guesser })).statusCode).toBe(429);
  });

  it('lets no more than ten parallel guesses from one address reach the password check', async () => {
    const user = await createUser(t.db);
    const guesser = newAddress();
    const results = await Promise.all(
      Array.from({ length: 25 }, () => loginAs(t, user.email, WRONG, { address: guesser })),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(15);
  });

  it('does not count successful logins', async () => {
    const user = await createUser(t.db);
    const address = newAddress();
    for (let i = 0; i < 15; i++) {
      expect((await loginAs(t, user.email, TEST_PASSWORD, { address })).statusCode).toBe(200);
    }
  });
});

describe('failures per e-mail from everywhere', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { LOGIN_FAILURES_PER_EMAIL: '10', LOGIN_DELAY_AFTER_FAILURES: '5' } });
  });
  afterAll(() => t.close());

  it('grows the delay from 1 s, doubling, to at most 5 minutes', () => {
    expect([5, 6, 7, 8, 9, 20].map((n) => loginDelaySeconds(n, 5))).toEqual([0, 1, 2, 4, 8, 300]);
  });

  it("ten wrong passwords from ten addresses do not stop the owner's right password from their usual browser", async () => {
    const owner = await createUser(t.db);
    const home = newAddress();
    const usual = deviceCookieOf(await loginAs(t, owner.email, TEST_PASSWORD, { address: home }));

    const guesses = await Promise.all(
      Array.from({ length: 10 }, () => loginAs(t, owner.email, WRONG, { address: newAddress() })),
    );
    expect(guesses.every((g) => [401, 429].includes(g.statusCode))).toBe(true);

    const own = await loginAs(t, owner.email, TEST_PASSWORD, { address: home, cookie: usual });
    expect(own.statusCode).toBe(200);
    // From the owner's browser even on another network (a phone on the move).
    expect((await loginAs(t, owner.email, TEST_PASSWORD, { address: newAddress(), cookie: usual })).statusCode).toBe(
      200,
    );
  });

  it('makes a browser the account does not know wait, and says how long, instead of refusing for the window', async () => {
    const owner = await createUser(t.db);
    for (let i = 0; i < 6; i++) await loginAs(t, owner.email, WRONG, { address: newAddress() });
    const waiting = await loginAs(t, owner.email, TEST_PASSWORD, { address: newAddress() });
    expect(waiting.statusCode).toBe(429);
    const retryAfter = Number(waiting.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(2);
    expect(waiting.json()).toEqual({
      message: `Too many failed logins for this account. Please try again in ${retryAfter} second${retryAfter === 1 ? '' : 's'}.`,
    });
    await new Promise((resolve) => setTimeout(resolve, retryAfter * 1000 + 100));
    expect((await loginAs(t, owner.email, TEST_PASSWORD, { address: newAddress() })).statusCode).toBe(200);
  });

  it('lets one attempt per wait reach the password check, however many arrive at once', async () => {
    const owner = await createUser(t.db);
    for (let i = 0; i < 5; i++) await loginAs(t, owner.email, WRONG, { address: newAddress() });
    const burst = await Promise.all(
      Array.from({ length: 20 }, () => loginAs(t, owner.email, WRONG, { address: newAddress() })),
    );
    const statuses = burst.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 401)).toHaveLength(1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(19);
  });

  it("does not let another account's device cookie, or a forged one, skip the wait", async () => {
    const owner = await createUser(t.db);
    const other = await createUser(t.db);
    const othersBrowser = deviceCookieOf(await loginAs(t, other.email, TEST_PASSWORD, { address: newAddress() }));
    for (let i = 0; i < 7; i++) await loginAs(t, owner.email, WRONG, { address: newAddress() });
    const [userId, issued] = othersBrowser.split('=')[1]?.split('.') ?? [];
    const forged = `${DEVICE_COOKIE}=${owner.id}.${issued}.${'A'.repeat(43)}`;
    for (const cookie of [othersBrowser, forged, `${DEVICE_COOKIE}=${userId}`]) {
      expect((await loginAs(t, owner.email, TEST_PASSWORD, { address: newAddress(), cookie })).statusCode).toBe(429);
    }
  });
});

/** The median time over three pairs a login takes on `t` beyond the same login on a shop without Redis. */
async function extraLoginTime(t: TestApp, user: { email: string }): Promise<number> {
  const withoutRedis = await createTestApp({
    env: { LOGIN_FAILURES_PER_EMAIL: '10', LOGIN_DELAY_AFTER_FAILURES: '5' },
  });
  try {
    const twin = await createUser(withoutRedis.db);
    const timed = async (app: TestApp, email: string) => {
      const started = performance.now();
      const res = await loginAs(app, email, TEST_PASSWORD, { address: newAddress() });
      expect(res.statusCode).toBe(200);
      return performance.now() - started;
    };
    // Paired and alternated, so that a busy machine slows both sides of each pair alike.
    const differences: number[] = [];
    for (let pair = 0; pair < 3; pair++) {
      differences.push((await timed(t, user.email)) - (await timed(withoutRedis, twin.email)));
    }
    return differences.sort((a, b) => a - b)[1] ?? Number.POSITIVE_INFINITY;
  } finally {
    await withoutRedis.close();
  }
}

describe('with Redis failing, the limits let no guess through', () => {
  it.each(['stopped', 'answering after 2 s'] as const)('Redis %s', async (fault) => {
    const redis = await startPrivateRedis();
    const port = Number(new URL(redis.url).port);
    // Each way 1 s: every command is answered 2 s after it was sent.
    const proxy = fault === 'answering after 2 s' ? await delayingProxy({ host: '127.0.0.1', port }, 1000) : undefined;
    const t = await createTestApp({
      env: {
        REDIS_URL: proxy ? `redis://127.0.0.1:${proxy.port}` : redis.url,
        LOGIN_FAILURES_PER_EMAIL: '10',
        LOGIN_DELAY_AFTER_FAILURES: '5',
      },
    });
    try {
      if (fault === 'stopped') await redis.stop();
      const victim = await createUser(t.db);
      const guesser = newAddress();
      // At once, as a flood would send them: a slow Redis is waited for, a stopped one counted in the process.
      const statuses = (
        await Promise.all(Array.from({ length: 20 }, () => loginAs(t, victim.email, WRONG, { address: guesser })))
      ).map((r) => r.statusCode);
      expect(statuses).not.toContain(200);
      expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
      expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(10);

      const other = await createUser(t.db);
      const res = await loginAs(t, other.email, TEST_PASSWORD, { address: newAddress() });
      expect(res.statusCode).toBe(200);
      // A stopped Redis costs nothing; a slow one is waited for, so the owner gets in once it answers.
      if (fault === 'stopped') expect(await extraLoginTime(t, other)).toBeLessThan(1000);
    } finally {
      await t.close();
      await proxy?.close();
      await redis.stop();
    }
  });
});
