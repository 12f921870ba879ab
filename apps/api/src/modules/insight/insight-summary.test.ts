import { apiPaths } from '@shop/contract/api-paths';
import { addDays, type InsightSummary, isoDayOf } from '@shop/contract/insight';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, refunds } from '../../db/schema';
import {
  admin,
  at,
  catalogue,
  expectedProducts,
  figures,
  goneProduct,
  inRange,
  insertOrder,
  range,
  seeded,
  shopper,
  startInsightShop,
  stopInsightShop,
  summary,
  t,
  today,
} from '../../test/insight-test-kit';

/** The summary's figures against the data set's own answers, its refusals and caching, and the figures it keeps. */
beforeAll(startInsightShop, 60_000);
afterAll(stopInsightShop);

describe('GET /api/insight/summary', () => {
  it('answers revenue net of refunds, orders and the average order value worked out from the orders', async () => {
    const counted = seeded.filter(inRange);
    expect(counted).toHaveLength(9);
    const gross = counted.reduce((sum, o) => sum + o.amountCents, 0);
    const refunded = counted.reduce((sum, o) => sum + o.refundedCents, 0);
    const s = await figures();
    expect(s.orders).toBe(9);
    expect(Math.round(s.grossRevenue * 100)).toBe(gross);
    expect(Math.round(s.refunded * 100)).toBe(refunded);
    expect(Math.round(s.revenue * 100)).toBe(gross - refunded);
    expect(Math.round(s.averageOrderValue * 100)).toBe(Math.round((gross - refunded) / 9));
    // Every day of the range, in order, adding up to the total.
    expect(s.days.map((d) => d.date)).toEqual(Array.from({ length: 8 }, (_, i) => addDays(range.from, i)));
    expect(s.days.reduce((sum, d) => sum + d.orders, 0)).toBe(9);
    expect(s.days[0]).toMatchObject({ orders: 2 });
    const firstDay = counted.filter((o) => isoDayOf(o.createdAt) === range.from);
    expect(Math.round((s.days[0]?.revenue ?? 0) * 100)).toBe(firstDay.reduce((sum, o) => sum + o.amountCents, 0));
  });

  it('answers the items sold per category and the top ten products by revenue and by units', async () => {
    const counted = seeded.filter(inRange);
    const s = await figures();
    const perCategory = new Map<string, number>();
    for (const o of counted) {
      for (const l of o.lines) {
        perCategory.set(l.product.category, (perCategory.get(l.product.category) ?? 0) + l.unitPriceCents * l.quantity);
      }
    }
    expect(s.categories.map((c) => [c.category, Math.round(c.revenue * 100)])).toEqual(
      ['accessories', 'dress', 'jewellery', 'cosmetics'].map((c) => [c, perCategory.get(c) ?? 0]),
    );
    const expected = expectedProducts(counted);
    expect(s.topByRevenue.map((p) => [p.productId, Math.round(p.revenue * 100), p.units])).toEqual(
      expected.byRevenue.map((p) => [p.productId, p.revenueCents, p.units]),
    );
    expect(s.topByUnits.map((p) => [p.productId, p.units, Math.round(p.revenue * 100)])).toEqual(
      expected.byUnits.map((p) => [p.productId, p.units, p.revenueCents]),
    );
    // The two lists differ (a cheap product sold by the dozen, a dear one twice), and each holds ten.
    expect(s.topByRevenue).toHaveLength(10);
    expect(s.topByUnits[0]?.productId).not.toBe(s.topByRevenue[0]?.productId);
    const gone = [...s.topByRevenue, ...s.topByUnits].find((p) => p.productId === goneProduct.id);
    expect(gone).toMatchObject({
      name: 'Discontinued scarf',
      inCatalogue: false,
      image: null,
      category: 'accessories',
    });
  });

  it('leaves out what fell outside the range', async () => {
    const before = addDays(range.from, -1);
    const s = await figures({ from: before, to: before });
    expect(s.orders).toBe(1);
    expect(s.topByUnits[0]).toMatchObject({ productId: catalogue[9]?.id, units: 20 });
  });

  it('counts a refund on the day it was made, whenever its order was', async () => {
    const product = catalogue[0] as (typeof catalogue)[number];
    const order = await insertOrder(at('2020-01-30', '10:00:00'), [{ product, unitPriceCents: 4000, quantity: 1 }], {
      refundedCents: 900,
      refundedAt: at('2020-02-03', '16:00:00'),
    });
    // A refund that failed gave nothing back.
    await t.db.insert(refunds).values({
      orderId: order.id,
      kind: 'refund',
      status: 'failed',
      amountCents: 500,
      createdAt: at('2020-02-04', '09:00:00'),
    });

    const sold = await figures({ from: '2020-01-30', to: '2020-01-31' });
    expect(sold).toMatchObject({ orders: 1, refunded: 0 });
    expect(Math.round(sold.grossRevenue * 100)).toBe(order.amountCents);
    expect(Math.round(sold.revenue * 100)).toBe(order.amountCents);
    expect(Math.round((sold.days[0]?.revenue ?? 0) * 100)).toBe(order.amountCents);

    const given = await figures({ from: '2020-02-01', to: '2020-02-05' });
    expect(given).toMatchObject({ orders: 0, grossRevenue: 0, refunded: 9, revenue: -9, averageOrderValue: 0 });
    expect(given.days.map((d) => [d.date, d.revenue])).toEqual([
      ['2020-02-01', 0],
      ['2020-02-02', 0],
      ['2020-02-03', -9],
      ['2020-02-04', 0],
      ['2020-02-05', 0],
    ]);
  });

  it('refuses a range that is backwards, too long or not a date with a message, and anyone but an admin', async () => {
    const cases: [string, string, string][] = [
      [today, addDays(today, -1), 'The end must not be before the start'],
      [addDays(today, -366), today, 'A range can cover at most 366 days'],
      ['2026-02-30', today, 'Must be a date as YYYY-MM-DD'],
    ];
    for (const [from, to, message] of cases) {
      const res = await summary({ from, to });
      expect(res.statusCode, `${from}..${to}`).toBe(400);
      expect(res.json().message).toContain(message);
    }
    const missing = await t.app.inject({ method: 'GET', url: '/api/insight/summary', headers: admin.headers });
    expect(missing.statusCode).toBe(400);
    expect((await summary(range, shopper)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: `/api/insight/summary?from=${today}&to=${today}` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('is kept per range and told apart by its validator', async () => {
    const first = await summary(range);
    const again = await t.app.inject({
      method: 'GET',
      url: `/api/insight/summary?from=${range.from}&to=${range.to}`,
      headers: { ...admin.headers, 'if-none-match': String(first.headers.etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(first.headers['cache-control']).toBe('private, no-cache');
  });
});

describe('the kept figures', () => {
  const soldCategories = (s: InsightSummary) =>
    s.categories.filter((c) => c.units !== 0).map((c) => [c.category, c.units, Math.round(c.revenue * 100)]);

  it('follow an order deleted and an order moved to another day, as a count of the orders themselves would', async () => {
    const day = addDays(today, -90);
    const next = addDays(day, 1);
    const [p, q] = catalogue as [(typeof catalogue)[number], (typeof catalogue)[number]];
    const kept = await insertOrder(at(day, '10:00:00'), [{ product: p, unitPriceCents: p.priceCents, quantity: 2 }]);
    const deleted = await insertOrder(at(day, '11:00:00'), [{ product: q, unitPriceCents: q.priceCents, quantity: 3 }]);
    const moved = await insertOrder(at(day, '12:00:00'), [{ product: q, unitPriceCents: q.priceCents, quantity: 1 }]);
    const res = await t.app.inject({ method: 'DELETE', url: apiPaths.deleteOrder(deleted.id), headers: admin.headers });
    expect(res.statusCode).toBe(200);
    await t.db
      .update(orders)
      .set({ createdAt: at(next, '01:00:00') })
      .where(eq(orders.id, moved.id));

    const first = await figures({ from: day, to: day });
    expect([first.orders, Math.round(first.grossRevenue * 100)]).toEqual([1, kept.amountCents]);
    expect(first.topByUnits.map((x) => [x.productId, x.units])).toEqual([[p.id, 2]]);
    expect(soldCategories(first)).toEqual([[p.category, 2, 2 * p.priceCents]]);
    const second = await figures({ from: next, to: next });
    expect([second.orders, Math.round(second.grossRevenue * 100)]).toEqual([1, moved.amountCents]);
    expect(second.topByUnits.map((x) => [x.productId, x.units])).toEqual([[q.id, 1]]);
    expect(soldCategories(second)).toEqual([[q.category, 1, q.priceCents]]);
  });
});
