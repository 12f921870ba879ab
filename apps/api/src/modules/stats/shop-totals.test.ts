import type { AdminStats } from '@shop/contract/stats';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products, refunds, reviews, users } from '../../db/schema';
import { createAdmin, createProduct, createReview, createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/** The totals admin stats read are kept by triggers (migration 0003); they must always equal a real count. */
let t: TestApp;
let admin: TestUser;
const YEAR = new Date().getUTCFullYear();
let seq = 0;

const orderValues = (amountCents: number, createdAt: Date) => {
  seq += 1;
  return {
    orderId: `pay_totals_${seq}`,
    checkoutSessionId: `cs_totals_${seq}`,
    email: 'totals@example.test',
    subtotalCents: amountCents,
    taxCents: 0,
    amountCents,
    createdAt,
  };
};

async function stats(): Promise<AdminStats> {
  const res = await t.app.inject({ method: 'GET', url: '/api/stats/admin-stats', headers: admin.headers });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** The same figures counted the slow way. */
async function counted() {
  const n = async (table: typeof orders | typeof products | typeof reviews | typeof users) =>
    (await t.db.select({ n: count() }).from(table))[0]?.n ?? 0;
  const [earnings] = await t.db
    .select({
      cents: sql<string>`coalesce(sum(${orders.amountCents}), 0)
        - (select coalesce(sum(${refunds.amountCents}), 0) from ${refunds} where ${refunds.status} <> 'failed')`,
    })
    .from(orders);
  return {
    totalOrders: await n(orders),
    totalProducts: await n(products),
    totalReviews: await n(reviews),
    totalUsers: await n(users),
    totalEarnings: Number(earnings?.cents ?? 0) / 100,
  };
}

const month = (m: number, day = 10) => new Date(Date.UTC(YEAR, m - 1, day, 12));

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.db);
});
afterAll(() => t.close());

describe('shop totals kept by triggers', () => {
  it('follow single and bulk inserts', async () => {
    const customer = await createUser(t.db);
    const reviewed = await createProduct(t.db);
    await createProduct(t.db);
    await createReview(t.db, { userId: customer.id, productId: reviewed.id });
    await t.db
      .insert(orders)
      .values([orderValues(1000, month(2)), orderValues(2500, month(2)), orderValues(99, month(5))]);
    const s = await stats();
    expect(s).toMatchObject(await counted());
    expect(s).toMatchObject({ totalOrders: 3, totalProducts: 2, totalReviews: 1, totalUsers: 2, totalEarnings: 35.99 });
    expect(s.monthlyEarnings.filter((m) => m.earnings > 0)).toEqual([
      { month: 2, earnings: 35 },
      { month: 5, earnings: 0.99 },
    ]);
  });

  it('follow deletes, the reviews a product takes with it included, and a user removed', async () => {
    const product = await createProduct(t.db);
    const reviewer = await createUser(t.db);
    await createReview(t.db, { userId: reviewer.id, productId: product.id });
    const before = await stats();
    const res = await t.app.inject({ method: 'DELETE', url: `/api/products/${product.id}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    await t.db.delete(users).where(eq(users.id, reviewer.id));
    const after = await stats();
    expect(after).toMatchObject(await counted());
    expect([after.totalProducts, after.totalReviews, after.totalUsers]).toEqual([
      before.totalProducts - 1,
      before.totalReviews - 1,
      before.totalUsers - 1,
    ]);
  });

  it('add up orders written at the same moment through different connections (one shard each)', async () => {
    const before = await stats();
    const amounts = Array.from({ length: 24 }, (_, i) => 100 + i);
    // Each insert in its own transaction, as checkouts do: on PostgreSQL they run on several pooled
    // connections at once, and none waits for another's month row.
    await Promise.all(
      amounts.map((cents) => t.db.transaction((tx) => tx.insert(orders).values(orderValues(cents, month(3))))),
    );
    const after = await stats();
    const added = amounts.reduce((a, b) => a + b, 0);
    expect(after.totalOrders).toBe(before.totalOrders + amounts.length);
    expect(Math.round(after.totalEarnings * 100)).toBe(Math.round(before.totalEarnings * 100) + added);
    expect(Math.round((after.monthlyEarnings[2]?.earnings ?? 0) * 100)).toBe(
      Math.round((before.monthlyEarnings[2]?.earnings ?? 0) * 100) + added,
    );
    expect(after).toMatchObject(await counted());
  });

  it('move earnings between months when an order changes, and not on a status change', async () => {
    const [row] = await t.db
      .insert(orders)
      .values(orderValues(700, month(7)))
      .returning();
    if (!row) throw new Error('order not created');
    await t.db.update(orders).set({ status: 'shipped' }).where(eq(orders.id, row.id));
    expect((await stats()).monthlyEarnings[6]).toEqual({ month: 7, earnings: 7 });
    await t.db
      .update(orders)
      .set({ createdAt: month(8), amountCents: 800 })
      .where(eq(orders.id, row.id));
    const s = await stats();
    expect(s.monthlyEarnings.slice(6, 8)).toEqual([
      { month: 7, earnings: 0 },
      { month: 8, earnings: 8 },
    ]);
    expect(s).toMatchObject(await counted());
    await t.db.delete(orders).where(eq(orders.id, row.id));
    expect((await stats()).monthlyEarnings[7]).toEqual({ month: 8, earnings: 0 });
  });

  it('count a refund in the month it was made, the sale staying in the month of its order', async () => {
    const before = await stats();
    const cents = (m: number) => Math.round((before.monthlyEarnings[m - 1]?.earnings ?? 0) * 100);
    const monthCents = (s: AdminStats, m: number) => Math.round((s.monthlyEarnings[m - 1]?.earnings ?? 0) * 100);
    const [row] = await t.db
      .insert(orders)
      .values({ ...orderValues(6000, month(9, 28)), refundedCents: 2500 })
      .returning();
    if (!row) throw new Error('order not created');
    const refund = (amountCents: number, at: Date, status: 'pending' | 'succeeded' | 'failed') => ({
      orderId: row.id,
      kind: 'refund' as const,
      status,
      amountCents,
      createdAt: at,
    });
    const [, pending] = await t.db
      .insert(refunds)
      .values([
        refund(1500, month(10, 2), 'succeeded'),
        refund(1000, month(11, 5), 'pending'),
        refund(700, month(11, 6), 'failed'),
      ])
      .returning();
    if (!pending) throw new Error('refund not created');
    let s = await stats();
    expect([monthCents(s, 9), monthCents(s, 10), monthCents(s, 11)]).toEqual([
      cents(9) + 6000,
      cents(10) - 1500,
      cents(11) - 1000,
    ]);
    expect(s).toMatchObject(await counted());

    // A refund that fails at the provider gives its month back what it took.
    await t.db.update(refunds).set({ status: 'failed' }).where(eq(refunds.id, pending.id));
    s = await stats();
    expect([monthCents(s, 9), monthCents(s, 10), monthCents(s, 11)]).toEqual([
      cents(9) + 6000,
      cents(10) - 1500,
      cents(11),
    ]);

    // The order deleted takes its sale and its refunds with it.
    await t.db.delete(orders).where(eq(orders.id, row.id));
    s = await stats();
    expect([monthCents(s, 9), monthCents(s, 10), monthCents(s, 11)]).toEqual([cents(9), cents(10), cents(11)]);
    expect(s).toMatchObject(await counted());
  });

  it('start again from zero after a truncate', async () => {
    await t.db.execute(sql`truncate ${orders}, ${reviews} cascade`);
    const s = await stats();
    expect(s).toMatchObject(await counted());
    expect(s).toMatchObject({ totalOrders: 0, totalReviews: 0, totalEarnings: 0 });
    expect(s.monthlyEarnings.every((m) => m.earnings === 0)).toBe(true);
  });
});
