import { TWO_FACTOR_MESSAGES, TWO_FACTOR_REQUIRED_REASON } from '@shop/contract/two-factor';
import { eq } from 'drizzle-orm';
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
