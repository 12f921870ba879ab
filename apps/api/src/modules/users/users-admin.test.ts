import { randomUUID } from 'node:crypto';
import { UNSTORABLE_TEXT_MESSAGE } from '@shop/contract/text';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, reviews, sessions, users } from '../../db/schema';
import { createAdmin, createProduct, createReview, createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const NO_SESSION: Headers = {};
const listUsers = (headers: Headers) => t.app.inject({ method: 'GET', url: '/api/auth/users', headers });
const putRole = (id: string, payload: unknown, headers: Headers) =>
  t.app.inject({ method: 'PUT', url: `/api/auth/users/${id}`, payload: payload as object, headers });
const deleteUser = (id: string, headers: Headers) =>
  t.app.inject({ method: 'DELETE', url: `/api/auth/users/${id}`, headers });
const me = (headers: Headers) => t.app.inject({ method: 'GET', url: '/api/auth/me', headers });

async function userRow(id: string) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row;
}

describe('GET /api/auth/users', () => {
  it('lists every user, newest first, without password hashes, for an admin', async () => {
    const admin = await createAdmin(t.db);
    const customer = await createUser(t.db);
    const res = await listUsers(admin.headers);
    expect(res.statusCode).toBe(200);
    const list = res.json() as { _id: string; createdAt: string }[];
    const all = await t.db.select({ n: sql<number>`count(*)::int` }).from(users);
    expect(list).toHaveLength(all[0]?.n ?? -1);
    expect(list.map((u) => u._id)).toEqual(expect.arrayContaining([admin.id, customer.id]));
    const times = list.map((u) => Date.parse(u.createdAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(list.find((u) => u._id === customer.id)).toEqual({
      _id: customer.id,
      username: customer.username,
      email: customer.email,
      role: 'user',
      bio: '',
      profileImage: '',
      profession: '',
      createdAt: expect.any(String),
      emailConfirmed: false,
    });
    expect(res.body).not.toMatch(/password|scrypt/i);
  });

  it('answers 401 without a session and 403 to a customer', async () => {
    const customer = await createUser(t.db);
    const anonymous = await listUsers(NO_SESSION);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Please log in to continue' });
    const forbidden = await listUsers(customer.headers);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'Only an admin can do that' });
  });
});

describe('PUT /api/auth/users/:id', () => {
  it("changes another user's role, and the change takes effect at once", async () => {
    const admin = await createAdmin(t.db);
    const customer = await createUser(t.db);
    expect((await listUsers(customer.headers)).statusCode).toBe(403);

    const promoted = await putRole(customer.id, { role: 'admin' }, admin.headers);
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toEqual({
      message: 'User role updated successfully',
      user: expect.objectContaining({ _id: customer.id, email: customer.email, role: 'admin' }),
    });
    expect(promoted.body).not.toMatch(/password|scrypt/i);
    expect((await userRow(customer.id))?.role).toBe('admin');
    // The same session, no new login: the role is read from the database on every request.
    expect((await listUsers(customer.headers)).statusCode).toBe(200);

    const demoted = await putRole(customer.id, { role: 'user' }, admin.headers);
    expect(demoted.statusCode).toBe(200);
    expect(demoted.json().user.role).toBe('user');
    const lost = await listUsers(customer.headers);
    expect(lost.statusCode).toBe(403);
    expect(lost.json()).toEqual({ message: 'Only an admin can do that' });
  });

  it('lets an admin demote another admin', async () => {
    const admin = await createAdmin(t.db);
    const other = await createAdmin(t.db);
    const res = await putRole(other.id, { role: 'user' }, admin.headers);
    expect(res.statusCode).toBe(200);
    expect((await userRow(other.id))?.role).toBe('user');
  });

  it('refuses to let an admin demote themselves, so the shop keeps an admin', async () => {
    const admin = await createAdmin(t.db);
    const res = await putRole(admin.id, { role: 'user' }, admin.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'You cannot remove your own admin role; ask another admin to do it' });
    expect((await userRow(admin.id))?.role).toBe('admin');
    // Setting their own role to what it is already changes nothing and is allowed.
    const same = await putRole(admin.id, { role: 'admin' }, admin.headers);
    expect(same.statusCode).toBe(200);
    expect(same.json().user.role).toBe('admin');
  });

  it('leaves exactly one admin when two admins demote each other at the same moment', async () => {
    const a = await createAdmin(t.db);
    const b = await createAdmin(t.db);
    const [ab, ba] = await Promise.all([
      putRole(b.id, { role: 'user' }, a.headers),
      putRole(a.id, { role: 'user' }, b.headers),
    ]);
    expect([ab?.statusCode, ba?.statusCode].sort()).toEqual([200, 403]);
    const loser = ab?.statusCode === 403 ? ab : ba;
    expect(loser?.json()).toEqual({ message: 'Only an admin can do that' });
    const roles = [(await userRow(a.id))?.role, (await userRow(b.id))?.role];
    expect(roles.sort()).toEqual(['admin', 'user']);
  });

  it('answers 401 without a session and 403 to a customer, changing nothing', async () => {
    const customer = await createUser(t.db);
    const target = await createUser(t.db);
    const anonymous = await putRole(target.id, { role: 'admin' }, NO_SESSION);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Please log in to continue' });
    for (const id of [target.id, customer.id]) {
      const res = await putRole(id, { role: 'admin' }, customer.headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Only an admin can do that' });
    }
    expect((await userRow(target.id))?.role).toBe('user');
    expect((await userRow(customer.id))?.role).toBe('user');
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const admin = await createAdmin(t.db);
    const unknown = await putRole(randomUUID(), { role: 'admin' }, admin.headers);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'User not found' });
    for (const id of ['not-a-uuid', '1', "1' OR '1'='1", 'x'.repeat(90)]) {
      const res = await putRole(encodeURIComponent(id), { role: 'admin' }, admin.headers);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Invalid params id: Invalid id' });
    }
    // Past Fastify's parameter length limit the router itself refuses the URL.
    const huge = await putRole('x'.repeat(2000), { role: 'admin' }, admin.headers);
    expect(huge.statusCode).toBe(414);
    expect(huge.json()).toEqual({ message: 'The address is too long' });
    const bad = await putRole('%zz', { role: 'admin' }, admin.headers);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'The address is malformed' });
  });

  it.each([
    ['an unknown role', { role: 'superuser' }],
    ['a role of the wrong type', { role: 1 }],
    ['a missing role', {}],
    ['a huge role', { role: 'admin'.repeat(10_000) }],
  ])('refuses %s with 400 and changes nothing', async (_name, payload) => {
    const admin = await createAdmin(t.db);
    const target = await createUser(t.db);
    const res = await putRole(target.id, payload, admin.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: expect.stringMatching(/^Invalid role/) });
    expect((await userRow(target.id))?.role).toBe('user');
  });
});

describe('DELETE /api/auth/users/:id', () => {
  async function orderOf(user: TestUser) {
    const [row] = await t.db
      .insert(orders)
      .values({
        orderId: `pi_${randomUUID()}`,
        checkoutSessionId: `cs_${randomUUID()}`,
        userId: user.id,
        email: user.email,
        subtotalCents: 1000,
        taxCents: 50,
        amountCents: 1050,
      })
      .returning();
    if (!row) throw new Error('order not created');
    return row;
  }

  it('deletes the user, ends their sessions at once and keeps their orders and reviews', async () => {
    const admin = await createAdmin(t.db);
    const customer = await createUser(t.db);
    const order = await orderOf(customer);
    const review = await createReview(t.db, { userId: customer.id, productId: (await createProduct(t.db)).id });
    expect((await me(customer.headers)).statusCode).toBe(200);

    const res = await deleteUser(customer.id, admin.headers);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'User deleted successfully' });
    expect(await userRow(customer.id)).toBeUndefined();
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, customer.id))).toEqual([]);
    const gone = await me(customer.headers);
    expect(gone.statusCode).toBe(401);
    expect(gone.json()).toEqual({ message: 'Please log in to continue' });

    // Orders belong to the shop: kept, with the e-mail they were placed under.
    const [keptOrder] = await t.db.select().from(orders).where(eq(orders.id, order.id));
    expect(keptOrder).toMatchObject({ userId: null, email: customer.email, amountCents: 1050 });
    const [keptReview] = await t.db.select().from(reviews).where(eq(reviews.id, review.id));
    expect(keptReview).toMatchObject({ userId: null, comment: review.comment, rating: review.rating });

    const again = await deleteUser(customer.id, admin.headers);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'User not found' });
  });

  it('refuses to let an admin delete themselves', async () => {
    const admin = await createAdmin(t.db);
    const res = await deleteUser(admin.id, admin.headers);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'You cannot delete your own account' });
    expect((await userRow(admin.id))?.role).toBe('admin');
    expect((await me(admin.headers)).statusCode).toBe(200);
  });

  it('leaves exactly one admin when two admins delete each other at the same moment', async () => {
    const a = await createAdmin(t.db);
    const b = await createAdmin(t.db);
    const results = await Promise.all([deleteUser(b.id, a.headers), deleteUser(a.id, b.headers)]);
    const statuses = results.map((r) => r.statusCode).sort();
    // The loser's session may be gone before or after the guard reads it: 401 or 403, never both deleted.
    expect(statuses[0]).toBe(200);
    expect([401, 403]).toContain(statuses[1]);
    const remaining = [await userRow(a.id), await userRow(b.id)].filter(Boolean);
    expect(remaining).toHaveLength(1);
    expect(remaining[0]?.role).toBe('admin');
  });

  it('answers 401 without a session and 403 to a customer, deleting nothing', async () => {
    const customer = await createUser(t.db);
    const target = await createUser(t.db);
    const anonymous = await deleteUser(target.id, NO_SESSION);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Please log in to continue' });
    for (const id of [target.id, customer.id]) {
      const res = await deleteUser(id, customer.headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Only an admin can do that' });
    }
    expect(await userRow(target.id)).toBeDefined();
    expect(await userRow(customer.id)).toBeDefined();
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const admin = await createAdmin(t.db);
    const unknown = await deleteUser(randomUUID(), admin.headers);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'User not found' });
    for (const id of ['not-a-uuid', '00000000-0000-0000-0000-00000000000g']) {
      const res = await deleteUser(id, admin.headers);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ message: 'Invalid params id: Invalid id' });
    }
    const nul = await deleteUser('%00', admin.headers);
    expect([nul.statusCode, nul.json()]).toEqual([400, { message: `Invalid params id: ${UNSTORABLE_TEXT_MESSAGE}` }]);
  });
});
