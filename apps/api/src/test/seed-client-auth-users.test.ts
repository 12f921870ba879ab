import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { createUser, TEST_PASSWORD } from './factories';
import {
  admin,
  customer,
  customerAccount,
  seedBrowser,
  startSeedClientShop,
  stopSeedClientShop,
  t,
  visitor,
} from './seed-client-test-kit';

/** The seed screens' register, login, logout, users table and profile calls (see seed-client-test-kit.ts). */
beforeAll(startSeedClientShop);
afterAll(stopSeedClientShop);

describe("the seed screens' auth and users calls", () => {
  it('POST /api/auth/register with the registration form', async () => {
    const res = await visitor.send('POST', '/api/auth/register', {
      username: 'new-seed-user',
      email: 'new-seed-user@example.test',
      password: 'a-long-password',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ username: 'new-seed-user', role: 'user' });
  });

  it('POST /api/auth/login answers the token and the user the screens keep', async () => {
    const res = await visitor.send('POST', '/api/auth/login', {
      email: customerAccount.email,
      password: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      token: expect.any(String),
      user: { _id: customerAccount.id, email: customerAccount.email, username: 'seed-shopper', role: 'user' },
    });
  });

  it('POST /api/auth/logout with no body', async () => {
    const browser = await seedBrowser(await createUser(t.db));
    const res = await browser.send('POST', '/api/auth/logout');
    expect(res.statusCode).toBe(200);
    expect((await browser.send('GET', '/api/auth/me')).statusCode).toBe(401);
  });

  it('GET /api/auth/users for the users table', async () => {
    const res = await admin.send('GET', '/api/auth/users');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContainEqual(
      expect.objectContaining({ _id: customerAccount.id, username: 'seed-shopper', email: customerAccount.email }),
    );
  });

  it('PUT /api/auth/users/{userId} with {role} from the role modal', async () => {
    const target = await createUser(t.db);
    const res = await admin.send('PUT', `/api/auth/users/${target.id}`, { role: 'admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ _id: target.id, role: 'admin' });
  });

  it('DELETE /api/auth/users/{userId}', async () => {
    const target = await createUser(t.db);
    expect((await admin.send('DELETE', `/api/auth/users/${target.id}`)).statusCode).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.id, target.id))).toEqual([]);
  });

  it('PATCH /api/auth/edit-profile with every field, blank ones empty, and the userId', async () => {
    const res = await customer.send('PATCH', '/api/auth/edit-profile', {
      username: 'seed-shopper',
      bio: '',
      profileImage: '',
      profession: '',
      userId: customer.user._id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      _id: customer.user._id,
      username: 'seed-shopper',
      bio: '',
      profileImage: '',
      profession: '',
    });

    const filled = await customer.send('PATCH', '/api/auth/edit-profile', {
      username: 'seed-shopper',
      bio: 'Loves linen.',
      profileImage: 'https://images.example.test/me.png',
      profession: 'Tailor',
      userId: customer.user._id,
    });
    expect(filled.json().user).toMatchObject({ profileImage: 'https://images.example.test/me.png' });
  });

  it('PATCH /api/auth/edit-profile with another userId is still refused', async () => {
    const res = await customer.send('PATCH', '/api/auth/edit-profile', {
      username: 'someone-else',
      bio: '',
      profileImage: '',
      profession: '',
      userId: admin.user._id,
    });
    expect([res.statusCode, res.json()]).toEqual([403, { message: 'You can only edit your own profile' }]);
  });
});
