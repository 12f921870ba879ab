import { TWO_FACTOR_MESSAGES } from '@shop/contract/two-factor';
import { sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, TEST_PASSWORD, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  // Per-address limits are tested on an app of their own below.
  t = await createTestApp({ env: { TWO_FACTOR_ATTEMPTS_PER_IP_PER_MINUTE: '100000' } });
});
afterAll(() => t.close());

/** The code an authenticator app shows `offsetSeconds` from now. */
const codeAt = (secret: string, offsetSeconds = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });

const post = (app: TestApp, url: string, payload: object, headers: Record<string, string> = {}, ip?: string) =>
  app.app.inject({ method: 'POST', url, payload, headers, ...(ip ? { remoteAddress: ip } : {}) });

/** Turns the second factor on for `user` as the profile does; answers the secret and recovery codes. */
async function enrol(user: TestUser, app: TestApp = t, ip?: string) {
  const setup = await post(app, '/api/auth/two-factor/setup', {}, user.headers, ip);
  expect(setup.statusCode).toBe(200);
  const { secret } = setup.json();
  const confirmed = await post(app, '/api/auth/two-factor/confirm', { code: await codeAt(secret) }, user.headers, ip);
  expect(confirmed.statusCode).toBe(200);
  return { secret: secret as string, recoveryCodes: confirmed.json().recoveryCodes as string[] };
}

async function passwordStep(user: TestUser, app: TestApp = t, ip?: string) {
  const res = await post(app, '/api/auth/login', { email: user.email, password: TEST_PASSWORD }, {}, ip);
  expect(res.statusCode).toBe(200);
  return res;
}

async function challengeOf(user: TestUser, app: TestApp = t, ip?: string): Promise<string> {
  const res = await passwordStep(user, app, ip);
  expect(res.json()).toMatchObject({ twoFactorRequired: true, challenge: expect.any(String) });
  return res.json().challenge;
}

const codeStep = (challenge: string, code: string, app: TestApp = t, ip?: string) =>
  post(app, '/api/auth/login/two-factor', { challenge, code }, {}, ip);

const sessionCookie = (res: { cookies: { name: string; value: string }[] }) =>
  res.cookies.find((c) => c.name === 'shop_session')?.value;

async function me(token: string) {
  return t.app.inject({ method: 'GET', url: '/api/auth/me', headers: { cookie: `shop_session=${token}` } });
}

describe('login with a second factor', () => {
  it('the password step opens no session; the code step does, and its challenge works once', async () => {
    const user = await createUser(t.db);
    const { secret } = await enrol(user);
    const step = await passwordStep(user);
    expect(sessionCookie(step)).toBeUndefined();
    expect(step.json()).not.toHaveProperty('token');
    expect(step.json()).not.toHaveProperty('user');
    const { challenge } = step.json();

    const wrong = await codeStep(challenge, '000000');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({ message: TWO_FACTOR_MESSAGES.wrongCode });
    expect(sessionCookie(wrong)).toBeUndefined();

    // The enrolment used this step's code: the next step's is the one an app shows a moment later.
    const next = await codeAt(secret, 30);
    const done = await codeStep(challenge, next);
    expect(done.statusCode).toBe(200);
    expect(done.json().user).toMatchObject({ _id: user.id, email: user.email });
    const token = sessionCookie(done);
    expect(token).toBeTruthy();
    expect((await me(token ?? '')).statusCode).toBe(200);

    const reused = await codeStep(challenge, (await enrolOther()).code);
    expect(reused.statusCode).toBe(401);
    expect(reused.json()).toEqual({ message: TWO_FACTOR_MESSAGES.challengeExpired });
  });

  it('refuses a code replayed within its window, and an older one', async () => {
    const user = await createUser(t.db);
    const { secret } = await enrol(user);
    const next = await codeAt(secret, 30);
    expect((await codeStep(await challengeOf(user), next)).statusCode).toBe(200);
    const replay = await codeStep(await challengeOf(user), next);
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toEqual({ message: TWO_FACTOR_MESSAGES.replayedCode });
    const older = await codeStep(await challengeOf(user), await codeAt(secret));
    expect(older.statusCode).toBe(401);
    expect(older.json()).toEqual({ message: TWO_FACTOR_MESSAGES.replayedCode });
  });

  it('lets the same code in once when it is sent twice at the same moment', async () => {
    const user = await createUser(t.db);
    const { secret } = await enrol(user);
    const next = await codeAt(secret, 30);
    const [a, b] = await Promise.all([challengeOf(user), challengeOf(user)]);
    const answers = await Promise.all([codeStep(a, next), codeStep(b, next)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 401]);
  });

  it('takes each recovery code once', async () => {
    const user = await createUser(t.db);
    const { recoveryCodes } = await enrol(user);
    const code = recoveryCodes[3] ?? '';
    const first = await codeStep(await challengeOf(user), code.toUpperCase());
    expect(first.statusCode).toBe(200);
    const second = await codeStep(await challengeOf(user), code);
    expect(second.statusCode).toBe(401);
    expect(second.json()).toEqual({ message: TWO_FACTOR_MESSAGES.usedRecoveryCode });
    const status = await t.app.inject({ method: 'GET', url: '/api/auth/two-factor', headers: user.headers });
    expect(status.json().recoveryCodesLeft).toBe(9);
  });

  it('refuses an expired challenge and one that was never given', async () => {
    const user = await createUser(t.db);
    const { recoveryCodes } = await enrol(user);
    const challenge = await challengeOf(user);
    await t.db.execute(sql`update login_challenges set expires_at = now() - interval '1 second'`);
    const late = await codeStep(challenge, recoveryCodes[0] ?? '');
    expect(late.statusCode).toBe(401);
    expect(late.json()).toEqual({ message: TWO_FACTOR_MESSAGES.challengeExpired });
    expect((await codeStep('x'.repeat(43), recoveryCodes[0] ?? '')).statusCode).toBe(401);
    expect((await codeStep('short', '123456')).statusCode).toBe(400);
  });

  it('stops brute force: past the wrong codes allowed for an account, even the right code is refused', async () => {
    const user = await createUser(t.db);
    const { secret } = await enrol(user);
    const challenge = await challengeOf(user);
    for (let i = 0; i < t.config.twoFactor.failuresPerAccount; i++) {
      const res = await codeStep(challenge, String(100000 + i));
      expect(res.statusCode).toBe(401);
    }
    const blocked = await codeStep(challenge, await codeAt(secret, 30));
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    expect(blocked.json().message).toMatch(/Too many wrong two-factor codes/);
    expect(sessionCookie(blocked)).toBeUndefined();
  });

  it('lets the owner in with a recovery code after someone else used up the wrong app codes', async () => {
    const user = await createUser(t.db);
    const { recoveryCodes } = await enrol(user);
    const challenge = await challengeOf(user, t, '127.0.3.1');
    for (let i = 0; i < t.config.twoFactor.failuresPerAccount; i++) {
      expect((await codeStep(challenge, String(300000 + i), t, '127.0.3.1')).statusCode).toBe(401);
    }
    expect((await codeStep(challenge, '300099', t, '127.0.3.1')).statusCode).toBe(429);
    for (const ip of ['127.0.3.2', '127.0.3.1']) {
      const res = await codeStep(await challengeOf(user, t, ip), recoveryCodes.pop() ?? '', t, ip);
      expect(res.statusCode, ip).toBe(200);
      expect(sessionCookie(res)).toBeTruthy();
    }
  });

  it('limits wrong recovery codes for an account from one address, apart from the app codes', async () => {
    const user = await createUser(t.db);
    const { secret, recoveryCodes } = await enrol(user);
    const guesser = '127.0.4.1';
    const challenge = await challengeOf(user, t, guesser);
    const answers = [];
    for (let i = 0; i <= t.config.twoFactor.recoveryFailuresPerAddress; i++) {
      answers.push((await codeStep(challenge, `guess-${String(i).padStart(11, '0')}`, t, guesser)).statusCode);
    }
    expect(answers.slice(0, -1).every((s) => s === 401)).toBe(true);
    const blocked = await codeStep(challenge, recoveryCodes[0] ?? '', t, guesser);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/Too many wrong recovery codes/);
    expect(sessionCookie(blocked)).toBeUndefined();
    // The owner elsewhere is not held back, with a recovery code or the app.
    expect((await codeStep(await challengeOf(user), recoveryCodes[0] ?? '')).statusCode).toBe(200);
    expect((await codeStep(await challengeOf(user), await codeAt(secret, 30))).statusCode).toBe(200);
  });

  it('leaves the login of an account without a second factor as it was', async () => {
    const user = await createUser(t.db);
    const res = await passwordStep(user);
    expect(res.json()).toMatchObject({ message: 'Logged in successfully', token: expect.any(String) });
    expect(sessionCookie(res)).toBe(res.json().token);
  });
});

/** A code of another account's secret: right somewhere, wrong for this challenge. */
async function enrolOther() {
  const other = await createUser(t.db);
  const { secret } = await enrol(other);
  return { code: await codeAt(secret, 30) };
}

describe('brute force from one address', () => {
  let small: TestApp;
  beforeAll(async () => {
    small = await createTestApp({ env: { TWO_FACTOR_ATTEMPTS_PER_IP_PER_MINUTE: '3' } });
  });
  afterAll(() => small.close());

  it('is stopped across accounts by the per-address limit', async () => {
    const users = await Promise.all([1, 2, 3, 4].map(() => createUser(small.db)));
    const challenges: string[] = [];
    for (const [i, user] of users.entries()) {
      // Each enrols from an address of its own: enrolment codes count against an address too.
      await enrol(user, small, `127.0.1.${i + 1}`);
      challenges.push(await challengeOf(user, small, '127.0.0.9'));
    }
    const answers = [];
    for (const challenge of challenges)
      answers.push((await codeStep(challenge, '000000', small, '127.0.0.9')).statusCode);
    expect(answers).toEqual([401, 401, 401, 429]);
    // Another address is not held back by it.
    expect((await codeStep(challenges[3] ?? '', '000000', small, '127.0.0.10')).statusCode).toBe(401);
  });
});

const sharedRedis = process.env.REDIS_URL;
describe.skipIf(!sharedRedis || !process.env.TEST_DATABASE_URL)('two instances sharing Redis and PostgreSQL', () => {
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    a = await createTestApp({ env: { REDIS_URL: sharedRedis ?? '' } });
    b = await createTestApp({ env: { REDIS_URL: sharedRedis ?? '' }, database: a.database });
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('count wrong codes for an account together: guesses split between them are stopped as one', async () => {
    const user = await createUser(a.db);
    const { secret } = await enrol(user, a);
    const challenge = await challengeOf(user, a);
    const statuses: number[] = [];
    for (let i = 0; i < a.config.twoFactor.failuresPerAccount; i++) {
      statuses.push((await codeStep(challenge, String(200000 + i), i % 2 === 0 ? a : b)).statusCode);
    }
    expect(statuses).toEqual(Array(a.config.twoFactor.failuresPerAccount).fill(401));
    for (const instance of [a, b]) {
      expect((await codeStep(challenge, await codeAt(secret, 30), instance)).statusCode).toBe(429);
    }
  });
});
