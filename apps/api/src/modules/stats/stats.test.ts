import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../db/client';
import { orderItems, orders } from '../../db/schema';
import { createAdmin, createProduct, createReview, createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
let otherCustomer: TestUser;
let quiet: TestUser;
let shouty: TestUser;

const UNKNOWN_ID = '6f1c1f7e-2b8a-4c1e-9a57-3c1d2e4f5a6b';
const YEAR = new Date().getUTCFullYear();
let orderSeq = 0;

/** Orders are written by the orders module; here they are inserted as it stores them. */
async function insertOrder(
  db: Queryable,
  order: {
    email: string;
    /** The account that placed it; none for a guest's order. */
    userId?: string;
    createdAt: Date;
    lines: { unitPriceCents: number; quantity: number }[];
  },
) {
  const subtotalCents = order.lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  const taxCents = Math.round(subtotalCents * 0.05);
  orderSeq += 1;
  const [row] = await db
    .insert(orders)
    .values({
      orderId: `pay_${orderSeq}`,
      checkoutSessionId: `cs_${orderSeq}`,
      email: order.email,
      userId: order.userId ?? null,
      subtotalCents,
      taxCents,
      amountCents: subtotalCents + taxCents,
      createdAt: order.createdAt,
    })
    .returning();
  if (!row) throw new Error('order not created');
  await db
    .insert(orderItems)
    .values(order.lines.map((l, i) => ({ ...l, orderId: row.id, name: `Line ${i}`, image: '/uploads/test.webp' })));
  return row.amountCents;
}

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.db);
  customer = await createUser(t.db);
  otherCustomer = await createUser(t.db);
  quiet = await createUser(t.db);
  shouty = await createUser(t.db);
  const [p1, p2] = [await createProduct(t.db), await createProduct(t.db), await createProduct(t.db)];
  if (!p1 || !p2) throw new Error('products not created');
  await createReview(t.db, { userId: customer.id, productId: p1.id });
  await createReview(t.db, { userId: customer.id, productId: p2.id });
  await createReview(t.db, { userId: otherCustomer.id, productId: p1.id });

  const at = (month: number, day: number, time = '12:00:00') =>
    new Date(`${YEAR}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}T${time}Z`);
  // 4500 + 225 tax = 4725, on the first second of the year.
  await insertOrder(t.db, {
    email: customer.email,
    userId: customer.id,
    createdAt: at(1, 1, '00:00:00'),
    lines: [
      { unitPriceCents: 1000, quantity: 2 },
      { unitPriceCents: 2500, quantity: 1 },
    ],
  });
  // 3702 + 185 = 3887
  await insertOrder(t.db, {
    email: customer.email,
    userId: customer.id,
    createdAt: at(3, 15),
    lines: [{ unitPriceCents: 1234, quantity: 3 }],
  });
  // 9999 + 500 = 10499, on the last second of March in UTC.
  await insertOrder(t.db, {
    email: otherCustomer.email,
    userId: otherCustomer.id,
    createdAt: at(3, 31, '23:59:59'),
    lines: [{ unitPriceCents: 9999, quantity: 1 }],
  });
  // 952 + 48 = 1000, half an hour before this year began.
  await insertOrder(t.db, {
    email: customer.email,
    userId: customer.id,
    createdAt: new Date(`${YEAR - 1}-12-31T23:30:00Z`),
    lines: [{ unitPriceCents: 952, quantity: 1 }],
  });
  // 476 + 24 = 500 by a guest whose e-mail has no account.
  await insertOrder(t.db, {
    email: 'guest@example.test',
    createdAt: at(12, 1),
    lines: [{ unitPriceCents: 476, quantity: 1 }],
  });
  // 1900 + 95 = 1995 by a guest with the customer's e-mail: not the account's until it confirms the e-mail.
  await insertOrder(t.db, {
    email: customer.email,
    createdAt: at(6, 1),
    lines: [{ unitPriceCents: 1900, quantity: 1 }],
  });
  // 190 + 10 = 200, stored with the e-mail in capitals.
  await insertOrder(t.db, {
    email: shouty.email.toUpperCase(),
    userId: shouty.id,
    createdAt: at(12, 2),
    lines: [{ unitPriceCents: 95, quantity: 2 }],
  });
});
afterAll(() => t.close());

const get = (url: string, user?: TestUser) =>
  t.app.inject({ method: 'GET', url, ...(user ? { headers: user.headers } : {}) });

describe('GET /api/stats/user-stats/:idOrEmail', () => {
  const customerStats = { totalPayments: 96.12, totalReviews: 2, totalPurchasedProducts: 7 };

  it('gives a customer their own totals by id or by e-mail in any case', async () => {
    for (const key of [customer.id, customer.id.toUpperCase(), customer.email, customer.email.toUpperCase()]) {
      const res = await get(`/api/stats/user-stats/${encodeURIComponent(key)}`, customer);
      expect([res.statusCode, res.json()], key).toEqual([200, customerStats]);
    }
  });

  it("gives the admin anyone's totals", async () => {
    const byEmail = await get(`/api/stats/user-stats/${encodeURIComponent(otherCustomer.email)}`, admin);
    expect([byEmail.statusCode, byEmail.json()]).toEqual([
      200,
      { totalPayments: 104.99, totalReviews: 1, totalPurchasedProducts: 1 },
    ]);
    const byId = await get(`/api/stats/user-stats/${customer.id}`, admin);
    expect([byId.statusCode, byId.json()]).toEqual([200, customerStats]);
  });

  it('counts the orders the account placed, whatever the case of their e-mail', async () => {
    const res = await get(`/api/stats/user-stats/${shouty.id}`, shouty);
    expect([res.statusCode, res.json()]).toEqual([
      200,
      { totalPayments: 2, totalReviews: 0, totalPurchasedProducts: 2 },
    ]);
  });

  it('gives zeros to a user with no orders or reviews', async () => {
    const res = await get(`/api/stats/user-stats/${quiet.id}`, quiet);
    expect([res.statusCode, res.json()]).toEqual([
      200,
      { totalPayments: 0, totalReviews: 0, totalPurchasedProducts: 0 },
    ]);
  });

  it("refuses another customer's totals with 403 whether they exist or not, and nobody with 401", async () => {
    for (const key of [customer.id, customer.email, UNKNOWN_ID, 'nobody@example.test']) {
      const res = await get(`/api/stats/user-stats/${encodeURIComponent(key)}`, otherCustomer);
      expect([res.statusCode, res.json()], key).toEqual([403, { message: 'You can only see your own statistics' }]);
    }
    const nobody = await get(`/api/stats/user-stats/${customer.id}`);
    expect([nobody.statusCode, nobody.json()]).toEqual([401, { message: 'Please log in to continue' }]);
  });

  it('answers 404 for an unknown user', async () => {
    for (const key of [UNKNOWN_ID, 'guest@example.test']) {
      const res = await get(`/api/stats/user-stats/${encodeURIComponent(key)}`, admin);
      expect([res.statusCode, res.json()], key).toEqual([404, { message: 'User not found' }]);
    }
  });

  it.each([
    ['a word', 'someone'],
    ['an SQL fragment', "x' OR '1'='1"],
    ['a LIKE pattern', '%@%'],
  ])('refuses %s with 400', async (_label, key) => {
    const res = await get(`/api/stats/user-stats/${encodeURIComponent(key)}`, admin);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Invalid params idOrEmail: Must be a user id or an e-mail address' });
  });
  it('refuses an over-long key at the router with 414', async () => {
    const res = await get(`/api/stats/user-stats/${'a'.repeat(300)}@example.test`, admin);
    expect([res.statusCode, res.json()]).toEqual([414, { message: 'The address is too long' }]);
  });
});

describe('GET /api/stats/admin-stats', () => {
  it('gives shop totals and exactly twelve months of this year', async () => {
    const res = await get('/api/stats/admin-stats', admin);
    expect(res.statusCode).toBe(200);
    // Guests' orders are the shop's as much as customers'.
    const earnings: Record<number, number> = { 1: 47.25, 3: 143.86, 6: 19.95, 12: 7 };
    expect(res.json()).toEqual({
      totalOrders: 7,
      totalProducts: 3,
      totalReviews: 3,
      totalUsers: 5,
      totalEarnings: 228.06,
      monthlyEarnings: Array.from({ length: 12 }, (_, i) => ({ month: i + 1, earnings: earnings[i + 1] ?? 0 })),
    });
  });

  it.each([
    ['nobody', undefined, 401, 'Please log in to continue'],
    ['a customer', () => customer, 403, 'Only an admin can do that'],
    ['another customer', () => otherCustomer, 403, 'Only an admin can do that'],
  ] as const)('refuses %s', async (_label, user, status, message) => {
    const res = await get('/api/stats/admin-stats', user?.());
    expect([res.statusCode, res.json()]).toEqual([status, { message }]);
  });
});

describe('authorisation matrix', () => {
  it('declares the expected auth level on every stats route', () => {
    const routes = t.app.routeAuth
      .filter((r) => r.url.startsWith('/api/stats'))
      .map((r) => `${r.method} ${r.url} ${r.auth}`)
      .sort();
    expect(routes).toEqual(['GET /api/stats/admin-stats admin', 'GET /api/stats/user-stats/:idOrEmail owner-or-admin']);
  });
});
