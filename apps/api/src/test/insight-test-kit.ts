import { randomUUID } from 'node:crypto';
import { apiPaths } from '@shop/contract/api-paths';
import type { Category } from '@shop/contract/constants';
import { addDays, type InsightSummary, isoDayOf } from '@shop/contract/insight';
import type { Order } from '@shop/contract/orders';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { orderItems, orders, products, refunds } from '../db/schema';
import { confirm, openSession, submitCard } from './checkout-test-kit';
import { createAdmin, createProduct, createUser, type TestUser } from './factories';
import { createTestApp, type TestApp } from './test-app';

/**
 * The insight's figures against a data set made here, whose answers the test works out itself from the
 * orders it wrote: revenue net of refunds, orders, average order value, categories, top products, the
 * funnel and the failed searches. Nothing is read back from the shop's tables to compute an expectation.
 *
 * That data set, on a shop of its own per test file: a file makes both with
 * `beforeAll(startInsightShop, 60_000)` and stops the shop with `afterAll(stopInsightShop)`, and the
 * bindings below hold them between.
 */
export let t: TestApp;
export let admin: TestUser;
export let shopper: TestUser;

export const today = isoDayOf(new Date());
/** The last week and tomorrow: requests counted now stay inside even if the test runs across midnight. */
export const range = { from: addDays(today, -6), to: addDays(today, 1) };
export const at = (day: string, time: string) => new Date(`${day}T${time}Z`);

export interface SeedLine {
  product: { id: string; name: string; category: Category };
  unitPriceCents: number;
  quantity: number;
}
export interface SeedOrder {
  id: string;
  email: string;
  createdAt: Date;
  lines: SeedLine[];
  shippingCents: number;
  refundedCents: number;
  amountCents: number;
}

export const seeded: SeedOrder[] = [];
let orderSeq = 0;

export async function insertOrder(
  createdAt: Date,
  lines: SeedLine[],
  options: {
    email?: string;
    shippingCents?: number;
    refundedCents?: number;
    /** When the refund was made: an hour after the order unless given. */
    refundedAt?: Date;
    discountCode?: string;
  } = {},
) {
  const subtotalCents = lines.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
  const taxCents = Math.round(subtotalCents * 0.05);
  const shippingCents = options.shippingCents ?? 0;
  const amountCents = subtotalCents + taxCents + shippingCents;
  orderSeq += 1;
  const id = randomUUID();
  const email = options.email ?? `buyer${orderSeq}@example.test`;
  await t.db.insert(orders).values({
    id,
    orderId: `pay_insight_${orderSeq}`,
    checkoutSessionId: `cs_insight_${orderSeq}`,
    email,
    subtotalCents,
    taxCents,
    shippingCents,
    amountCents,
    createdAt,
    ...(options.discountCode ? { discountCode: options.discountCode } : {}),
  });
  await t.db.insert(orderItems).values(
    lines.map((l, position) => ({
      orderId: id,
      productId: l.product.id,
      name: l.product.name,
      image: '/uploads/test.webp',
      unitPriceCents: l.unitPriceCents,
      quantity: l.quantity,
      position,
    })),
  );
  // Refunded afterwards, as the refunds module does: the order's refunded total and the refund's own row.
  if (options.refundedCents) {
    await t.db.update(orders).set({ refundedCents: options.refundedCents }).where(eq(orders.id, id));
    await t.db.insert(refunds).values({
      orderId: id,
      kind: 'refund',
      status: 'succeeded',
      amountCents: options.refundedCents,
      createdAt: options.refundedAt ?? new Date(createdAt.getTime() + 60 * 60 * 1000),
    });
  }
  const order: SeedOrder = {
    id,
    email,
    createdAt,
    lines,
    shippingCents,
    refundedCents: options.refundedCents ?? 0,
    amountCents,
  };
  seeded.push(order);
  return order;
}

export const summary = async (query: { from: string; to: string }, user: TestUser = admin) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/insight/summary?from=${query.from}&to=${query.to}`,
    headers: user.headers,
  });
  return res;
};

export async function figures(query = range): Promise<InsightSummary> {
  await t.app.deps.insight.activity.flush();
  // A flush with nothing to write drops no answer: a test reading after its own writes reads afresh.
  t.app.deps.insight.answers.invalidate();
  const res = await summary(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

export const inRange = (o: SeedOrder) =>
  o.createdAt.getTime() >= Date.parse(`${range.from}T00:00:00Z`) &&
  o.createdAt.getTime() < Date.parse(`${addDays(range.to, 1)}T00:00:00Z`);

/** The product figures worked out from the seeded lines. */
export function expectedProducts(list: SeedOrder[]) {
  const byProduct = new Map<string, { productId: string; units: number; revenueCents: number; name: string }>();
  for (const o of list) {
    for (const l of o.lines) {
      const p = byProduct.get(l.product.id) ?? {
        productId: l.product.id,
        units: 0,
        revenueCents: 0,
        name: l.product.name,
      };
      p.units += l.quantity;
      p.revenueCents += l.quantity * l.unitPriceCents;
      byProduct.set(l.product.id, p);
    }
  }
  const all = [...byProduct.values()];
  const byId = (a: { productId: string }, b: { productId: string }) => (a.productId < b.productId ? -1 : 1);
  return {
    byRevenue: [...all].sort((a, b) => b.revenueCents - a.revenueCents || b.units - a.units || byId(a, b)).slice(0, 10),
    byUnits: [...all].sort((a, b) => b.units - a.units || b.revenueCents - a.revenueCents || byId(a, b)).slice(0, 10),
  };
}

export const catalogue: { id: string; name: string; category: Category; priceCents: number }[] = [];
export let goneProduct: { id: string; name: string; category: Category };
let realOrder: Order;

export async function startInsightShop() {
  // A test file's worker may have run another file on this kit: its data set went with that file's shop.
  seeded.length = 0;
  catalogue.length = 0;
  t = await createTestApp({ env: { CART_BEACONS_PER_IP_PER_MINUTE: '6', INSIGHT_FLUSH_INTERVAL_SECONDS: '3600' } });
  admin = await createAdmin(t.db);
  shopper = await createUser(t.db);
  const categories: Category[] = ['dress', 'dress', 'jewellery', 'accessories', 'cosmetics', 'jewellery'];
  for (let i = 0; i < 12; i++) {
    const category = categories[i % categories.length] as Category;
    const row = await createProduct(t.db, { name: `Insight product ${i}`, category, priceCents: 1000 + i * 250 });
    catalogue.push({ id: row.id, name: row.name, category, priceCents: row.priceCents });
  }
  const gone = await createProduct(t.db, { name: 'Discontinued scarf', category: 'accessories', priceCents: 3300 });
  goneProduct = { id: gone.id, name: gone.name, category: 'accessories' };
  const line = (i: number, quantity: number): SeedLine => {
    const p = catalogue[i] as (typeof catalogue)[number];
    return { product: p, unitPriceCents: p.priceCents, quantity };
  };

  // In the range, its first and last moments included; refunds on two of them.
  await insertOrder(at(range.from, '00:00:00'), [line(0, 1), line(1, 2)]);
  await insertOrder(at(range.from, '13:15:00'), [line(2, 5)], { shippingCents: 700 });
  await insertOrder(at(addDays(today, -3), '09:00:00'), [line(3, 1), line(4, 1), line(5, 1)], { refundedCents: 1200 });
  await insertOrder(at(addDays(today, -2), '18:30:00'), [line(6, 3), line(7, 1)]);
  await insertOrder(at(addDays(today, -2), '19:00:00'), [line(8, 1), line(9, 4), line(10, 1)], {
    refundedCents: 2500,
  });
  await insertOrder(at(addDays(today, -1), '08:00:00'), [line(11, 2), line(0, 1)]);
  await insertOrder(at(today, '00:30:00'), [{ product: goneProduct, unitPriceCents: 3300, quantity: 2 }]);
  await insertOrder(at(range.to, '23:59:59.999'), [line(1, 1)]);
  // Just outside, on both sides.
  await insertOrder(at(addDays(range.from, -1), '23:59:59.999'), [line(9, 20)]);
  await insertOrder(at(addDays(range.to, 1), '00:00:00'), [line(9, 20)]);
  // A product sold and deleted since: its sales stay, under the name it was sold as.
  await t.db.delete(products).where(eq(products.id, goneProduct.id));

  // One order through the real buy flow (session, hosted page, confirmation), then part of it refunded.
  const bought = await createProduct(t.db, { name: 'Insight real dress', category: 'dress', priceCents: 12_000 });
  const { id: sessionId } = await openSession(t.app, shopper, [{ _id: bought.id, quantity: 2 }]);
  expect((await submitCard(t.app, sessionId)).statusCode).toBe(303);
  const confirmed = await confirm(t.app, shopper, sessionId);
  expect(confirmed.statusCode).toBe(200);
  realOrder = confirmed.json().order;
  const refund = await t.app.inject({
    method: 'POST',
    url: apiPaths.refundOrder(realOrder._id),
    headers: admin.headers,
    payload: { kind: 'refund', amountCents: 1500, reason: 'A button was missing' },
  });
  expect(refund.statusCode, refund.body).toBe(200);
  seeded.push({
    id: realOrder._id,
    email: shopper.email,
    createdAt: new Date(realOrder.createdAt),
    lines: [{ product: { id: bought.id, name: bought.name, category: 'dress' }, unitPriceCents: 12_000, quantity: 2 }],
    shippingCents: 0,
    refundedCents: 1500,
    amountCents: Math.round(realOrder.amount * 100),
  });
}

export const stopInsightShop = () => t.close();
