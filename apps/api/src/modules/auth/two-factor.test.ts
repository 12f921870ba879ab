import { TWO_FACTOR_MESSAGES, TWO_FACTOR_REQUIRED_REASON } from '@shop/contract/two-factor';
import { eq, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, totpRecoveryCodes, userTotp } from '../../db/schema';
import { createAdmin, createUser, TEST_PASSWORD, type TestUser } from '../../test/factories';
import { concreteUrl } from '../../test/route-table';
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

describe('enrolment', () => {
  it('shows the secret once as text and a QR code, and turns on only with a right code', async () => {
    const user = await createUser(t.db);
    const setup = await post(t, '/api/auth/two-factor/setup', {}, user.headers);
    expect(setup.statusCode).toBe(200);
    expect(setup.headers['cache-control']).toBe('no-store');
    const { secret, otpauthUrl, qrCode } = setup.json();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(otpauthUrl).toMatch(/^otpauth:\/\/totp\/Lebaba:/);
    expect(otpauthUrl).toContain(`secret=${secret}`);
    expect(Buffer.from(qrCode.replace('data:image/svg+xml;base64,', ''), 'base64').toString()).toMatch(/^<svg/);

    // Sealed at rest: the database holds no usable secret.
    const [row] = await t.db.select().from(userTotp).where(eq(userTotp.userId, user.id));
    expect(row?.secretSealed).toBeTruthy();
    expect(row?.secretSealed).not.toContain(secret);

    const wrong = await post(t, '/api/auth/two-factor/confirm', { code: '000000' }, user.headers);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: TWO_FACTOR_MESSAGES.wrongCode });
    const off = await t.app.inject({ method: 'GET', url: '/api/auth/two-factor', headers: user.headers });
    expect(off.json()).toMatchObject({ enabled: false, required: false });

    const confirmed = await post(t, '/api/auth/two-factor/confirm', { code: await codeAt(secret) }, user.headers);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.headers['cache-control']).toBe('no-store');
    const codes = confirmed.json().recoveryCodes as string[];
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    // Shown once and kept only as hashes: no row holds a code, as shown or as typed without its dashes.
    const kept = JSON.stringify(
      await t.db.select().from(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, user.id)),
    );
    for (const code of codes) {
      expect(kept).not.toContain(code);
      expect(kept).not.toContain(code.replace(/-/g, ''));
    }
    const on = await t.app.inject({ method: 'GET', url: '/api/auth/two-factor', headers: user.headers });
    expect(on.json()).toMatchObject({ enabled: true, recoveryCodesLeft: 10 });

    const again = await post(t, '/api/auth/two-factor/setup', {}, user.headers);
    expect(again.statusCode).toBe(409);
  });

  it('refuses bad input with a 400 and a message, and asks for a login first', async () => {
    const user = await createUser(t.db);
    for (const body of [{}, { code: 'abc' }, { code: 123456 }, { code: '1234567' }]) {
      const res = await post(t, '/api/auth/two-factor/confirm', body, user.headers);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    expect((await post(t, '/api/auth/two-factor/confirm', { code: '123456' }, user.headers)).json()).toEqual({
      message: TWO_FACTOR_MESSAGES.notStarted,
    });
    expect((await post(t, '/api/auth/two-factor/setup', {})).statusCode).toBe(401);
  });
});

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

describe('turning it off', () => {
  it('takes the password or a code, refuses a wrong one, and logs in with the password alone again', async () => {
    const user = await createUser(t.db);
    const { recoveryCodes } = await enrol(user);
    const wrong = await post(t, '/api/auth/two-factor/disable', { password: 'not-the-password' }, user.headers);
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: TWO_FACTOR_MESSAGES.wrongPassword });
    const empty = await post(t, '/api/auth/two-factor/disable', {}, user.headers);
    expect(empty.statusCode).toBe(400);
    const ok = await post(t, '/api/auth/two-factor/disable', { password: TEST_PASSWORD }, user.headers);
    expect(ok.statusCode).toBe(200);
    expect((await passwordStep(user)).json()).toHaveProperty('token');
    // The old recovery codes went with it.
    const { recoveryCodes: fresh } = await enrol(user);
    expect(fresh).not.toContain(recoveryCodes[0]);
    const byCode = await post(t, '/api/auth/two-factor/disable', { code: fresh[0] }, user.headers);
    expect(byCode.statusCode).toBe(200);
    expect((await post(t, '/api/auth/two-factor/disable', { code: fresh[1] }, user.headers)).statusCode).toBe(409);
  });

  it('is in the audit log, on and off, with who and from where', async () => {
    const user = await createUser(t.db);
    await enrol(user);
    await post(t, '/api/auth/two-factor/disable', { password: TEST_PASSWORD }, user.headers);
    const rows = await t.db.select().from(auditLog).where(eq(auditLog.actorId, user.id));
    expect(rows.map((r) => r.kind)).toEqual(['two_factor.enabled', 'two_factor.disabled']);
    expect(rows[1]).toMatchObject({ actorEmail: user.email, targetId: user.id, ip: '127.0.0.1' });
    expect(rows[1]?.details).toEqual({ with: 'password' });
  });
});

describe('ADMIN_REQUIRE_2FA=true', () => {
  let strict: TestApp;
  beforeAll(async () => {
    strict = await createTestApp({ env: { ADMIN_REQUIRE_2FA: 'true' } });
  });
  afterAll(() => strict.close());

  it('refuses every admin route to an admin without a second factor, with a message, until they enrol', async () => {
    const admin = await createAdmin(strict.db);
    const adminRoutes = strict.app.routeAuth.filter((r) => r.auth === 'admin');
    expect(adminRoutes.length).toBeGreaterThan(10);
    for (const route of adminRoutes) {
      const res = await strict.app.inject({
        method: route.method as 'GET',
        url: concreteUrl(route.url),
        headers: admin.headers,
        payload: {},
      });
      expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
      expect(res.json()).toEqual({ message: TWO_FACTOR_MESSAGES.adminMustEnrol, reason: TWO_FACTOR_REQUIRED_REASON });
    }
    // The enrolment routes stay open, and say it is required.
    const status = await strict.app.inject({ method: 'GET', url: '/api/auth/two-factor', headers: admin.headers });
    expect(status.json()).toMatchObject({ enabled: false, required: true });
    await enrol(admin, strict);
    const users = await strict.app.inject({ method: 'GET', url: '/api/auth/users', headers: admin.headers });
    expect(users.statusCode).toBe(200);
    const audit = await strict.app.inject({ method: 'GET', url: '/api/audit-log', headers: admin.headers });
    expect(audit.statusCode).toBe(200);
  });

  it('changes nothing for customers', async () => {
    const customer = await createUser(strict.db);
    const status = await strict.app.inject({ method: 'GET', url: '/api/auth/two-factor', headers: customer.headers });
    expect(status.json()).toMatchObject({ enabled: false, required: false });
    const orders = await strict.app.inject({
      method: 'GET',
      url: `/api/orders/${encodeURIComponent(customer.email)}`,
      headers: customer.headers,
    });
    expect(orders.statusCode).toBe(200);
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
