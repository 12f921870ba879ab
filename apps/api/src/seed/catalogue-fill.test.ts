import fs from 'node:fs';
import {
  CATEGORIES,
  COLORS,
  ORDER_STATUSES,
  UPLOAD_VARIANT_FORMATS,
  UPLOAD_VARIANT_WIDTHS,
} from '@shop/contract/constants';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkInsert } from '../db/bulk-insert';
import { orders, products, reviews, users } from '../db/schema';
import { verifyPassword } from '../modules/auth/password';
import { uploadsDir } from '../modules/uploads/image-storage';
import { createTestApp, type TestApp } from '../test/test-app';
import { ACTIVITY_DAYS, GENERATED_USER_PASSWORD } from './activity-generator';
import { rngOf } from './art/palette';
import { type FillRequest, fillCatalogue } from './catalogue-fill';

const DAY = 24 * 60 * 60 * 1000;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const fill = (wanted: Partial<FillRequest>, seed = 42) =>
  fillCatalogue(
    {
      db: t.db,
      imageStorage: t.app.deps.imageStorage,
      rng: rngOf(seed),
      now: Date.now(),
      step: (_label, work) => work(),
    },
    { products: 0, users: 0, orders: 0, reviews: 0, ...wanted },
  );

async function rows<T>(query: ReturnType<typeof sql>): Promise<T[]> {
  const result = (await t.db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const inconsistentRatings = () =>
  rows<{ id: string }>(sql`
    select p.id from ${products} p
    left join (select product_id, avg(rating)::float8 as a, count(*)::int as n from ${reviews} group by product_id) s
      on s.product_id = p.id
    where coalesce(s.n, 0) <> p.review_count or (s.n > 0 and abs(s.a - p.rating) > 1e-9)`);

describe('the catalogue generator', () => {
  it('refuses orders and reviews on a database without users or products', async () => {
    await expect(fill({ orders: 5 })).rejects.toThrow(
      'Orders and reviews need users and products: add --users and --products, or seed them first',
    );
    expect(await t.db.select().from(orders)).toEqual([]);
  });

  it('fills products, users, reviews and orders that agree with each other', async () => {
    await fill({ products: 600, users: 40, orders: 150, reviews: 300 });

    const all = await t.db.select().from(products);
    expect(all).toHaveLength(600);
    expect(new Set(all.map((p) => p.category))).toEqual(new Set(CATEGORIES));
    expect(new Set(all.map((p) => p.color))).toEqual(new Set(COLORS));
    const share = all.filter((p) => p.oldPriceCents !== null).length / all.length;
    expect(share).toBeGreaterThan(0.2);
    expect(share).toBeLessThan(0.45);
    for (const p of all) if (p.oldPriceCents !== null) expect(p.oldPriceCents).toBeGreaterThan(p.priceCents);
    for (const [low, high] of [
      [0, 5000],
      [5000, 10000],
      [10000, 20000],
      [20000, Number.MAX_SAFE_INTEGER],
    ]) {
      expect(all.filter((p) => p.priceCents >= (low ?? 0) && p.priceCents < (high ?? 0)).length).toBeGreaterThan(30);
    }

    // The 28 pictures of the pool, each with its variants in each format and its link-preview picture, and nothing else.
    const pictures = new Set(all.map((p) => p.image));
    expect(pictures.size).toBe(28);
    const filesPerPicture = 1 + UPLOAD_VARIANT_WIDTHS.length * UPLOAD_VARIANT_FORMATS.length + 1;
    expect(fs.readdirSync(uploadsDir(t.config))).toHaveLength(28 * filesPerPicture);

    expect(await t.db.$count(reviews)).toBe(300);
    expect(await inconsistentRatings()).toEqual([]);

    const badTotals = await rows<{ id: string }>(sql`
      select o.id from ${orders} o
      left join (select order_id, sum(unit_price_cents * quantity)::int as s from order_items group by order_id) i
        on i.order_id = o.id
      where i.s is distinct from o.subtotal_cents
         or o.tax_cents <> floor((o.subtotal_cents * 5 + 50) / 100)
         or o.amount_cents <> o.subtotal_cents + o.tax_cents`);
    expect(badTotals).toEqual([]);
    const placed = await t.db.select().from(orders);
    expect(placed).toHaveLength(150);
    for (const o of placed) {
      expect(ORDER_STATUSES).toContain(o.status);
      expect(Date.now() - o.createdAt.getTime()).toBeLessThanOrEqual(ACTIVITY_DAYS * DAY + 60_000);
    }

    const [shopper] = await t.db.select().from(users).where(eq(users.email, 'shopper1@bench.local'));
    expect(await verifyPassword(GENERATED_USER_PASSWORD, shopper?.passwordHash ?? '')).toBe(true);
  });

  it('adds reviews and orders to what is already there, keeping ratings right', async () => {
    const reviewsBefore = await t.db.$count(reviews);
    await fill({ reviews: 100, orders: 20, users: 10 }, 7);
    expect(await t.db.$count(orders)).toBe(170);
    expect(await t.db.$count(reviews)).toBeGreaterThan(reviewsBefore);
    expect(await t.db.$count(reviews)).toBeLessThanOrEqual(reviewsBefore + 100);
    expect(await inconsistentRatings()).toEqual([]);
    // Numbering carries on after the shoppers already there.
    const [next] = await t.db.select().from(users).where(eq(users.email, 'shopper41@bench.local'));
    expect(next).toBeDefined();
  });

  it('stores text with quotes, braces, backslashes and the word NULL unchanged', async () => {
    const hostile = ['He said "hi", {x}', 'back\\slash\\', 'NULL', 'line\nbreak', ''];
    const at = new Date('2026-01-02T03:04:05.678Z');
    await bulkInsert(
      t.db,
      products,
      hostile.map((text, i) => ({
        name: `hostile ${i} ${text}`,
        category: 'dress' as const,
        color: 'red' as const,
        description: text,
        priceCents: 100 + i,
        oldPriceCents: null,
        image: '/uploads/x.webp',
        createdAt: at,
      })),
    );
    const back = await t.db
      .select({
        description: products.description,
        oldPriceCents: products.oldPriceCents,
        createdAt: products.createdAt,
      })
      .from(products)
      .where(sql`${products.name} like 'hostile %'`)
      .orderBy(products.priceCents);
    expect(back).toEqual(hostile.map((description) => ({ description, oldPriceCents: null, createdAt: at })));
  });
});
