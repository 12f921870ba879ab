import { randomUUID } from 'node:crypto';
import { apiPaths } from '@shop/contract/api-paths';
import type { Category } from '@shop/contract/constants';
import { addDays, type InsightSummary, isoDayOf, ORDERS_CSV_COLUMNS } from '@shop/contract/insight';
import type { Order } from '@shop/contract/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders, products, refunds } from '../../db/schema';
import { confirm, openSession, submitCard } from '../../test/checkout-test-kit';
import { createAdmin, createProduct, createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { EXPORT_PAGE_SIZE } from './orders-export';

/**
 * The insight's figures against a data set made here, whose answers the test works out itself from the
 * orders it wrote: revenue net of refunds, orders, average order value, categories, top products, the
 * funnel and the failed searches. Nothing is read back from the shop's tables to compute an expectation.
 */
let t: TestApp;
let admin: TestUser;
let shopper: TestUser;

const today = isoDayOf(new Date());
/** The last week and tomorrow: requests counted now stay inside even if the test runs across midnight. */
const range = { from: addDays(today, -6), to: addDays(today, 1) };
const at = (day: string, time: string) => new Date(`${day}T${time}Z`);

interface SeedLine {
  product: { id: string; name: string; category: Category };
  unitPriceCents: number;
  quantity: number;
}
interface SeedOrder {
  id: string;
  email: string;
  createdAt: Date;
  lines: SeedLine[];
  shippingCents: number;
  refundedCents: number;
  amountCents: number;
}

const seeded: SeedOrder[] = [];
let orderSeq = 0;

async function insertOrder(
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

const summary = async (query: { from: string; to: string }, user: TestUser = admin) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/insight/summary?from=${query.from}&to=${query.to}`,
    headers: user.headers,
  });
  return res;
};

async function figures(query = range): Promise<InsightSummary> {
  await t.app.deps.insight.activity.flush();
  // A flush with nothing to write drops no answer: a test reading after its own writes reads afresh.
  t.app.deps.insight.answers.invalidate();
  const res = await summary(query);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const inRange = (o: SeedOrder) =>
  o.createdAt.getTime() >= Date.parse(`${range.from}T00:00:00Z`) &&
  o.createdAt.getTime() < Date.parse(`${addDays(range.to, 1)}T00:00:00Z`);

/** The product figures worked out from the seeded lines. */
function expectedProducts(list: SeedOrder[]) {
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

const catalogue: { id: string; name: string; category: Category; priceCents: number }[] = [];
let goneProduct: { id: string; name: string; category: Category };
let realOrder: Order;

beforeAll(async () => {
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
}, 60_000);
afterAll(() => t.close());

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

describe('the funnel and failed searches, counted from the shop’s own requests', () => {
  it('counts product views, add-to-carts, checkouts started and orders paid as the test made them', async () => {
    const before = (await figures()).funnel;
    const get = (url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, remoteAddress, headers });
    const [a, b, c] = catalogue;
    if (!a || !b || !c) throw new Error('no catalogue');
    // Counted: three products answered to one address (its repeats are not), and a browser elsewhere
    // asking again for one it shows (304).
    const first = await get(apiPaths.product(a.id), '127.0.1.1');
    for (const p of [b, c, a, b]) expect((await get(apiPaths.product(p.id), '127.0.1.1')).statusCode).toBe(200);
    const again = await get(apiPaths.product(a.id), '127.0.1.2', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    // Not counted, each from an address of its own: the admin, a search engine, the server rendering a
    // page, an unknown product, a HEAD.
    await get(apiPaths.product(a.id), '127.0.1.3', admin.headers);
    await get(apiPaths.product(a.id), '127.0.1.4', { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' });
    await get(apiPaths.product(a.id), '127.0.1.5', { 'x-shop-in-process': '1' });
    expect((await get(apiPaths.product(randomUUID()), '127.0.1.6')).statusCode).toBe(404);
    await t.app.inject({ method: 'HEAD', url: apiPaths.product(a.id), remoteAddress: '127.0.1.7' });

    const beacon = (productId: string, remoteAddress = '127.0.0.5') =>
      t.app.inject({
        method: 'POST',
        url: '/api/insight/events',
        remoteAddress,
        payload: { kind: 'add_to_cart', productId },
      });
    // Three products from one address, one again (not counted), one of them from another address.
    for (const p of [a, b, c, a]) expect((await beacon(p.id)).statusCode).toBe(202);
    expect((await beacon(a.id, '127.0.0.6')).statusCode).toBe(202);
    expect((await beacon(randomUUID(), '127.0.0.6')).statusCode).toBe(404);

    // Two checkout sessions opened (one paid), one refused: an empty cart.
    const { id } = await openSession(t.app, shopper, [{ _id: a.id, quantity: 1 }]);
    await openSession(t.app, shopper, [{ _id: b.id, quantity: 1 }]);
    const refused = await t.app.inject({
      method: 'POST',
      url: apiPaths.createCheckoutSession,
      headers: shopper.headers,
      payload: { product: [] },
    });
    expect(refused.statusCode).toBe(400);
    expect((await submitCard(t.app, id)).statusCode).toBe(303);
    expect((await confirm(t.app, shopper, id)).statusCode).toBe(200);

    const after = (await figures()).funnel;
    expect(after).toEqual({
      productViews: before.productViews + 4,
      addToCarts: before.addToCarts + 4,
      checkoutsStarted: before.checkoutsStarted + 2,
      ordersPaid: before.ordersPaid + 1,
    });
  });

  it('counts one view of a product per address however often that address asks for it', async () => {
    const product = catalogue[4];
    if (!product) throw new Error('no catalogue');
    const view = (remoteAddress: string) =>
      t.app.inject({ method: 'GET', url: apiPaths.product(product.id), remoteAddress });
    const before = (await figures()).funnel.productViews;
    for (let i = 0; i < 60; i++) expect((await view('127.0.2.1')).statusCode).toBe(200);
    expect((await figures()).funnel.productViews).toBe(before + 1);
    expect((await view('127.0.2.2')).statusCode).toBe(200);
    expect((await figures()).funnel.productViews).toBe(before + 2);
  });

  it('counts a search that found nothing under its normalised term, and nothing of one that found something', async () => {
    const search = (q: string, extra = '') =>
      t.app.inject({ method: 'GET', url: `${apiPaths.products}?q=${encodeURIComponent(q)}${extra}` });
    for (const q of ['Zzqx Gown', '  zzqx   GOWN ', 'ｚｚｑｘ gown']) {
      const res = await search(q);
      expect(res.json().totalProducts).toBe(0);
    }
    await search('velvet zzqx');
    await search('Insight product');
    await search('zzqx gown', '&page=2');
    await search('ada@example.test');
    await search('07700 900123');
    const s = await figures();
    expect(s.failedSearches).toEqual([
      { term: 'zzqx gown', count: 3 },
      { term: 'velvet zzqx', count: 1 },
    ]);
  });

  it('refuses a beacon that is not one, and limits each address', async () => {
    const product = catalogue[5]?.id ?? '';
    const post = (payload: unknown, remoteAddress = '127.0.0.7') =>
      t.app.inject({ method: 'POST', url: '/api/insight/events', remoteAddress, payload: payload as object });
    for (const bad of [{}, { kind: 'view', productId: product }, { kind: 'add_to_cart', productId: 'x' }]) {
      const res = await post(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const extra = await post({ kind: 'add_to_cart', productId: product, count: 1000 });
    expect(extra.statusCode).toBe(400);
    const huge = await post({ kind: 'add_to_cart', productId: product, padding: 'x'.repeat(5000) });
    expect(huge.statusCode).toBe(413);
    const before = (await figures()).funnel.addToCarts;
    // Six a minute from one address, then 429 with when to try again.
    const answers: number[] = [];
    for (const p of catalogue.slice(0, 6))
      answers.push((await post({ kind: 'add_to_cart', productId: p.id }, '127.0.0.8')).statusCode);
    const over = await post({ kind: 'add_to_cart', productId: catalogue[7]?.id }, '127.0.0.8');
    expect(answers).toEqual([202, 202, 202, 202, 202, 202]);
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect(over.json().message).toMatch(/Too many add-to-cart signals/);
    expect((await figures()).funnel.addToCarts).toBe(before + 6);
  });
});

describe('GET /api/insight/orders.csv', () => {
  const exportCsv = (query: { from: string; to: string }, user: TestUser = admin) =>
    t.app.inject({
      method: 'GET',
      url: `/api/insight/orders.csv?from=${query.from}&to=${query.to}`,
      headers: user.headers,
    });
  const rowsOf = (body: string) => body.split('\r\n').filter(Boolean);

  it("streams the range's orders newest first, one row each, with the money as the orders hold it", async () => {
    const res = await exportCsv(range);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="orders-${range.from}-to-${range.to}.csv"`);
    const [header, ...lines] = rowsOf(res.body);
    expect(header).toBe(ORDERS_CSV_COLUMNS.join(','));
    const expected = seeded.filter(inRange).concat();
    expect(lines.length).toBeGreaterThanOrEqual(expected.length);
    const refunded = seeded.find((o) => o.refundedCents === 2500);
    const line = lines.find((l) => l.startsWith(`${refunded?.id},`));
    const cells = line?.split(',') ?? [];
    expect(cells.slice(2, 6)).toEqual([refunded?.createdAt.toISOString(), refunded?.email, 'pending', '6']);
    expect(cells.slice(-3)).toEqual([
      ((refunded?.amountCents ?? 0) / 100).toFixed(2),
      '25.00',
      (((refunded?.amountCents ?? 0) - 2500) / 100).toFixed(2),
    ]);
    const times = lines.map((l) => Date.parse(l.split(',')[2] ?? ''));
    expect(times).toEqual([...times].sort((x, y) => y - x));
  });

  it('keeps a formula or a separator in a cell from doing anything in a spreadsheet', async () => {
    const day = addDays(today, -40);
    const p = catalogue[0] as (typeof catalogue)[number];
    await insertOrder(at(day, '10:00:00'), [{ product: p, unitPriceCents: p.priceCents, quantity: 1 }], {
      email: '=HYPERLINK("http://evil.test","x")@evil.test',
      discountCode: '+SPRING, "20"',
    });
    const res = await exportCsv({ from: day, to: day });
    const [, line] = rowsOf(res.body);
    expect(line).toContain(',"\'=HYPERLINK(""http://evil.test"",""x"")@evil.test",');
    expect(line).toContain(',"\'+SPRING, ""20""",');
  });

  it('goes through a range of more orders than one page holds, each once', async () => {
    const day = addDays(today, -200);
    const n = EXPORT_PAGE_SIZE + 5;
    // Many at the same instant: the pages must still neither repeat nor skip one.
    const createdAt = at(day, '12:00:00');
    await t.db.insert(orders).values(
      Array.from({ length: n }, (_, i) => ({
        orderId: `pay_bulk_${i}`,
        checkoutSessionId: `cs_bulk_${i}`,
        email: 'bulk@example.test',
        subtotalCents: 100,
        taxCents: 5,
        amountCents: 105,
        createdAt: i % 2 ? createdAt : new Date(createdAt.getTime() + i),
      })),
    );
    const res = await exportCsv({ from: day, to: day });
    const lines = rowsOf(res.body).slice(1);
    expect(lines).toHaveLength(n);
    expect(new Set(lines.map((l) => l.split(',')[0])).size).toBe(n);
  });

  it('refuses a bad range and anyone but an admin', async () => {
    expect((await exportCsv({ from: today, to: addDays(today, -3) })).statusCode).toBe(400);
    expect((await exportCsv(range, shopper)).statusCode).toBe(403);
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
