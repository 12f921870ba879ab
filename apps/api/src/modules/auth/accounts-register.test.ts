import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const uniqueEmail = () => `shopper-${Math.random().toString(36).slice(2, 10)}@example.test`;
const register = (payload: unknown) =>
  t.app.inject({ method: 'POST', url: '/api/auth/register', payload: payload as object });

async function usersWithEmail(email: string) {
  return t.db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`);
}
async function userCount() {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int` }).from(users);
  return row?.n ?? 0;
}

describe('POST /api/auth/register', () => {
  it('creates a user account, lower-cases the e-mail and never returns the password hash', async () => {
    const email = uniqueEmail();
    const res = await register({ username: ' Ada ', email: `  ${email.toUpperCase()} `, password: 'long-enough-pw' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      message: 'Account created. Please log in.',
      user: {
        _id: expect.any(String),
        username: 'Ada',
        email,
        role: 'user',
        bio: '',
        profileImage: '',
        profession: '',
        createdAt: expect.any(String),
        emailConfirmed: false,
      },
    });
    expect(res.body).not.toMatch(/password|scrypt/i);
    // Registering does not log in: the web app goes to /login.
    expect(res.headers['set-cookie']).toBeUndefined();
    const [row] = await usersWithEmail(email);
    expect(row?.email).toBe(email);
    expect(row?.passwordHash).toMatch(/^scrypt\$/);
    expect(row?.passwordHash).not.toContain('long-enough-pw');
  });

  it('ignores a role in the body: new accounts are always role user', async () => {
    const email = uniqueEmail();
    const res = await register({ username: 'Mallory', email, password: 'long-enough-pw', role: 'admin' });
    expect(res.statusCode).toBe(201);
    expect(res.json().user.role).toBe('user');
    const [row] = await usersWithEmail(email);
    expect(row?.role).toBe('user');
  });

  it('refuses an e-mail already in use, whatever its case, with 409', async () => {
    const email = uniqueEmail();
    expect((await register({ username: 'First', email, password: 'long-enough-pw' })).statusCode).toBe(201);
    const res = await register({ username: 'Second', email: email.toUpperCase(), password: 'another-password' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: 'An account with this email already exists' });
    const rows = await usersWithEmail(email);
    expect(rows.map((r) => r.username)).toEqual(['First']);
  });

  it('lets exactly one of many parallel registrations of one e-mail through', async () => {
    const email = uniqueEmail();
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => register({ username: `Racer ${i}`, email, password: 'long-enough-pw' })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    expect(await usersWithEmail(email)).toHaveLength(1);
  });

  it.each([
    ['a short password', { username: 'Ada', password: 'short7!' }, 'Password must be at least 8 characters'],
    ['a missing password', { username: 'Ada' }, 'Password is required'],
    ['a missing username', { password: 'long-enough-pw' }, 'Username is required'],
    ['a username of the wrong type', { username: 42, password: 'long-enough-pw' }, 'Username is required'],
    ['a huge username', { username: 'x'.repeat(10_000), password: 'long-enough-pw' }, 'at most 40'],
    ['a huge password', { username: 'Ada', password: 'p'.repeat(10_000) }, 'at most 128'],
  ])('refuses %s with 400 and creates nothing', async (_name, fields, message) => {
    const email = uniqueEmail();
    const before = await userCount();
    const res = await register({ email, ...fields });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.stringContaining(message) });
    expect(await userCount()).toBe(before);
  });

  it.each([
    ['a malformed e-mail', 'not-an-email', 'Enter a valid email address'],
    ['an e-mail of the wrong type', 12345, 'Email is required'],
    ['a missing e-mail', undefined, 'Email is required'],
    ['a huge e-mail', `${'a'.repeat(300)}@example.test`, 'email'],
  ])('refuses %s with 400', async (_name, email, message) => {
    const before = await userCount();
    const res = await register({ username: 'Ada', email, password: 'long-enough-pw' });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.stringContaining(message) });
    expect(await userCount()).toBe(before);
  });

  it('refuses a JSON body over 1 MB with 413', async () => {
    const before = await userCount();
    const res = await register({
      username: 'Ada',
      email: uniqueEmail(),
      password: 'long-enough-pw',
      bio: 'x'.repeat(1_100_000),
    });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: 'The request body is too large' });
    expect(await userCount()).toBe(before);
  });

  it('refuses bodies that are not a JSON object without a 500', async () => {
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'text/plain' },
      payload: 'username=Ada',
    });
    expect([text.statusCode, text.json()]).toEqual([
      415,
      { message: 'Send the request body as JSON, with Content-Type: application/json' },
    ]);
    const xml = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/xml' },
      payload: '<user/>',
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toEqual({ message: 'Send the request body as JSON, with Content-Type: application/json' });
    const broken = await t.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ message: expect.any(String) });
    const array = await register([{ username: 'Ada' }]);
    expect(array.statusCode).toBe(400);
    expect(array.json()).toEqual({ message: expect.any(String) });
  });
});
