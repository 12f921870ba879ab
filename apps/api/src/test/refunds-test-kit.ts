import type { Order, RefundRequest } from '@shop/contract/orders';
import { and, eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { productVariants, stockLedger } from '../db/schema';
import { confirm, openSession, submitCard } from './checkout-test-kit';
import { createAdmin, createProduct, type TestUser } from './factories';
import { createTestApp, type TestApp } from './test-app';

/**
 * The shop the refund and shipping tests work on, one per test file, with its admin: a file starts it with
 * `beforeAll(startRefundsShop)` and stops it with `afterAll(stopRefundsShop)`, and the bindings below hold
 * it between; the helpers place orders, refund them and read back stock, mail jobs and dashboards.
 */
export let t: TestApp;
export let admin: TestUser;

export async function startRefundsShop() {
  t = await createTestApp();
  admin = await createAdmin(t.db);
}

export const stopRefundsShop = () => t.close();

/** A paid order of `user` for two sizes of one product (one of each), through the real buy flow. */
export async function placeOrder(user: TestUser, priceCents = 2000) {
  const product = await createProduct(t.db, {
    priceCents,
    sizeScale: 'clothing',
    stock: [
      { size: 'S', onHand: 5 },
      { size: 'M', onHand: 5 },
    ],
  });
  const { id } = await openSession(t.app, user, [
    { _id: product.id, quantity: 1, size: 'S' },
    { _id: product.id, quantity: 2, size: 'M' },
  ]);
  expect((await submitCard(t.app, id)).statusCode).toBe(303);
  const res = await confirm(t.app, user, id);
  expect(res.statusCode).toBe(200);
  return { order: res.json().order as Order, product };
}

export const refund = (orderId: string, body: RefundRequest, user: TestUser = admin) =>
  t.app.inject({ method: 'POST', url: `/api/orders/refund/${orderId}`, headers: user.headers, payload: body });

export const cents = (dollars: number) => Math.round(dollars * 100);

export async function stockOf(productId: string) {
  const rows = await t.db.select().from(productVariants).where(eq(productVariants.productId, productId));
  return Object.fromEntries(rows.map((r) => [r.size, r.onHand]));
}

export async function restockLedgerOf(productId: string) {
  return t.db
    .select({ size: productVariants.size, delta: stockLedger.onHandDelta, actorId: stockLedger.actorId })
    .from(stockLedger)
    .innerJoin(productVariants, eq(productVariants.id, stockLedger.variantId))
    .where(and(eq(productVariants.productId, productId), eq(stockLedger.reason, 'restock')));
}

export async function mailJobs(eventKey: string): Promise<number> {
  const result = await t.db.execute(
    sql`select count(*)::int as n from pgboss.job where name = 'mail' and data->>'eventKey' = ${eventKey}`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

export async function mailJobsLike(pattern: string): Promise<number> {
  const result = await t.db.execute(
    sql`select count(*)::int as n from pgboss.job where name = 'mail' and data->>'eventKey' like ${pattern}`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

export const adminStats = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/stats/admin-stats', headers: admin.headers })).json();
export const userStats = async (user: TestUser) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/api/stats/user-stats/${encodeURIComponent(user.email)}`,
      headers: user.headers,
    })
  ).json();
