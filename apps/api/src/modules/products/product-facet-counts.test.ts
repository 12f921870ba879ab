import type { Category, Color } from '@shop/contract/constants';
import type { ProductListResponse } from '@shop/contract/products';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productFacetCounts, products } from '../../db/schema';
import { createAdmin, createProduct, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * The shop page's totals under a category or colour filter read the counts kept per pair by triggers
 * (migration 0016): after any write they must equal a real count, and the page must say so.
 */
let t: TestApp;
let admin: TestUser;

/** Each pair's count as the triggers keep it, pairs without products left out. */
async function kept() {
  const rows = await t.db.select().from(productFacetCounts);
  return Object.fromEntries(rows.filter((r) => r.total !== 0).map((r) => [`${r.category}/${r.color}`, r.total]));
}

/** The same counted the slow way. */
async function counted() {
  const rows = await t.db
    .select({ category: products.category, color: products.color, n: count() })
    .from(products)
    .groupBy(products.category, products.color);
  return Object.fromEntries(rows.map((r) => [`${r.category}/${r.color}`, r.n]));
}

async function total(query: string): Promise<number> {
  const res = await t.app.inject({ method: 'GET', url: `/api/products?${query}` });
  expect(res.statusCode).toBe(200);
  return (res.json() as ProductListResponse).totalProducts;
}

const make = (category: Category, color: Color) => createProduct(t.db, { category, color });

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.db);
});
afterAll(() => t.close());

describe('product counts per category and colour', () => {
  it('follow inserts, bulk inserts, moves, other edits and deletes', async () => {
    const dress = await make('dress', 'red');
    await make('dress', 'red');
    await make('dress', 'blue');
    const bag = await make('accessories', 'black');
    expect(await kept()).toEqual(await counted());

    await t.db.insert(products).values(
      Array.from({ length: 5 }, (_, i) => ({
        name: `Bulk ${i}`,
        category: 'jewellery' as const,
        color: i % 2 === 0 ? ('gold' as const) : ('silver' as const),
        description: 'A bulk product.',
        priceCents: 1000 + i,
        image: '/images/bulk.webp',
      })),
    );
    expect(await kept()).toEqual(await counted());

    // A price and a rating move nothing; a category and a colour do.
    await t.db.update(products).set({ priceCents: 777, rating: 4 }).where(eq(products.id, dress.id));
    await t.db.update(products).set({ category: 'cosmetics', color: 'green' }).where(eq(products.id, dress.id));
    await t.db.update(products).set({ color: 'red' }).where(eq(products.category, 'jewellery'));
    expect(await kept()).toEqual(await counted());

    await t.db.delete(products).where(eq(products.id, bag.id));
    await t.db.delete(products).where(eq(products.category, 'jewellery'));
    expect(await kept()).toEqual(await counted());

    await t.db.execute(sql`truncate ${products} cascade`);
    expect(await kept()).toEqual({});
    expect(await total('category=dress')).toBe(0);
  });

  it('give the shop page its totals as the admin edits the catalogue', async () => {
    const scarf = await make('accessories', 'red');
    await make('accessories', 'red');
    await make('cosmetics', 'red');
    expect([await total('category=accessories'), await total('color=red')]).toEqual([2, 3]);
    expect(await total('category=accessories&color=red')).toBe(2);
    expect(await total('category=dress&color=red')).toBe(0);

    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/update-product/${scarf.id}`,
      headers: admin.headers,
      payload: { category: 'jewellery', color: 'gold' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect([await total('category=accessories'), await total('color=red'), await total('color=gold')]).toEqual([
      1, 2, 1,
    ]);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${scarf.id}`,
      headers: admin.headers,
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect([await total('category=jewellery'), await total('color=gold')]).toEqual([0, 0]);
    // Other filters still count the products themselves.
    expect(await total('category=accessories&minPrice=0')).toBe(1);
  });
});
