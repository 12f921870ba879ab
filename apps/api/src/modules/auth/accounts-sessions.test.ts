import fs from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { sessions } from '../../db/schema';
import { createUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, type TestApp, testConfig } from '../../test/test-app';
import { openSession } from './sessions.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const uniqueEmail = () => `shopper-${Math.random().toString(36).slice(2, 10)}@example.test`;
const login = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: payload as object });
const me = (headers: Record<string, string>) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers });

async function sessionCount(userId: string) {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(sessions).where(eq(sessions.userId, userId));
  return row?.n ?? 0;
}

describe('POST /api/auth/login', () => {
  it('answers { message, token, user } and sets the httpOnly session cookie', async () => {
    const user = await createUser(t.db);
    const res = await login({ email: user.email, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({
      message: 'Logged in successfully',
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      user: expect.objectContaining({ _id: user.id, email: user.email, role: 'user' }),
    });
    expect(res.body).not.toMatch(/password|scrypt/i);
    const cookie = res.cookies.find((c) => c.name === 'shop_session');
    expect(cookie).toMatchObject({
      value: body.token,
      httpOnly: true,
      sameSite: 'Lax',
      path: '/',
      maxAge: t.config.sessionTtlDays * 24 * 60 * 60,
    });
    expect(cookie?.secure).toBeFalsy();
  });

  it('marks the cookie Secure when the shop is served over https', async () => {
    // A second app over the same database, configured with an https public address.
    const config = testConfig({ PUBLIC_URL: 'https://shop.example.test' });
    const https = await buildApp({ config, database: t.database.handle, logger: false });
    try {
      const user = await createUser(t.db);
      const res = await https.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: user.email, password: TEST_PASSWORD },
      });
      expect(res.statusCode).toBe(200);
      expect(res.cookies.find((c) => c.name === 'shop_session')).toMatchObject({ secure: true, httpOnly: true });
    } finally {
      await https.close();
      fs.rmSync(config.dataDir, { recursive: true, force: true });
    }
  });

  it('opens a session usable as the cookie and as a Bearer token', async () => {
    const user = await createUser(t.db);
    const { token } = (await login({ email: user.email, password: TEST_PASSWORD })).json();
    const ways: Record<string, string>[] = [{ cookie: `shop_session=${token}` }, { authorization: `Bearer ${token}` }];
    for (const headers of ways) {
      const res = await me(headers);
      expect(res.statusCode).toBe(200);
      expect(res.json().user).toMatchObject({ _id: user.id, email: user.email });
    }
  });

  it('finds the account whatever the case and spacing of the e-mail', async () => {
    const user = await createUser(t.db);
    const res = await login({ email: `  ${user.email.toUpperCase()}  `, password: TEST_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect(res.json().user._id).toBe(user.id);
  });

  it('says "Invalid credentials" for a wrong password and for an unknown e-mail alike, and opens no session', async () => {
    const user = await createUser(t.db);
    const sessionsBefore = await sessionCount(user.id);
    const wrongPassword = await login({ email: user.email, password: 'not-the-password' });
    const unknownEmail = await login({ email: uniqueEmail(), password: TEST_PASSWORD });
    for (const res of [wrongPassword, unknownEmail]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ message: 'Invalid credentials' });
      expect(res.headers['set-cookie']).toBeUndefined();
    }
    expect(await sessionCount(user.id)).toBe(sessionsBefore);
  });

  it.each([
    ['a missing password', { email: 'a@example.test' }, 'Password is required'],
    ['an empty password', { email: 'a@example.test', password: '' }, 'Password is required'],
    ['a password of the wrong type', { email: 'a@example.test', password: ['x'] }, 'Password is required'],
    ['a missing e-mail', { password: 'whatever-pw' }, 'Email is required'],
    ['a huge password', { email: 'a@example.test', password: 'p'.repeat(100_000) }, 'password'],
  ])('refuses %s with 400', async (_name, payload, message) => {
    const res = await login(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.stringContaining(message) });
  });
});

describe('POST /api/auth/logout', () => {
  it('revokes the session in the database and clears the cookie', async () => {
    const user = await createUser(t.db);
    const { token } = (await login({ email: user.email, password: TEST_PASSWORD })).json();
    const sessionsBefore = await sessionCount(user.id);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: { cookie: `shop_session=${token}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Logged out successfully' });
    const cleared = res.cookies.find((c) => c.name === 'shop_session');
    expect(cleared?.value).toBe('');
    expect(cleared?.path).toBe('/');
    expect(cleared?.expires?.getTime()).toBeLessThanOrEqual(Date.now());
    expect(await sessionCount(user.id)).toBe(sessionsBefore - 1);
    // The revoked token no longer works, as a cookie or as a Bearer token.
    expect((await me({ cookie: `shop_session=${token}` })).statusCode).toBe(401);
    const bearer = await me({ authorization: `Bearer ${token}` });
    expect(bearer.statusCode).toBe(401);
    expect(bearer.json()).toEqual({ message: 'Please log in to continue' });
    // The user's other sessions are untouched.
    expect((await me(user.headers)).statusCode).toBe(200);
  });

  it('revokes a Bearer session too', async () => {
    const user = await createUser(t.db);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers: user.headers });
    expect(res.statusCode).toBe(200);
    expect((await me(user.headers)).statusCode).toBe(401);
  });

  it('answers 200 without a session, and with a session that is not one', async () => {
    for (const headers of [{}, { cookie: 'shop_session=nonsense' }, { authorization: 'Bearer x' }]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth/logout', headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Logged out successfully' });
    }
  });
});

describe('GET /api/auth/me', () => {
  it("returns the session's user without the password hash", async () => {
    const user = await createUser(t.db);
    const res = await me(user.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      user: {
        _id: user.id,
        username: user.username,
        email: user.email,
        role: 'user',
        bio: '',
        profileImage: '',
        profession: '',
        createdAt: expect.any(String),
        emailConfirmed: false,
      },
    });
    expect(res.body).not.toMatch(/password|scrypt/i);
  });

  it.each([
    ['no session', {}],
    ['a garbage token', { authorization: 'Bearer not-a-real-session-token-at-all' }],
    ['a garbage cookie', { cookie: 'shop_session=%00%ff' }],
    ['a huge token', { authorization: `Bearer ${'a'.repeat(5000)}` }],
  ])('answers 401 with %s', async (_name, headers) => {
    const res = await me(headers);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please log in to continue' });
  });

  it('answers 401 for an expired session', async () => {
    const user = await createUser(t.db);
    const { token } = await openSession(t.db, user.id, -1);
    const res = await me({ authorization: `Bearer ${token}` });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ message: 'Please log in to continue' });
  });
});
