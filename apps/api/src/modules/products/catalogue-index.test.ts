import { apiPaths } from '@shop/contract/api-paths';
import { CATEGORIES, COLORS, PRODUCT_SORTS } from '@shop/contract/constants';
import { ALL_SIZES } from '@shop/contract/inventory';
import { type ProductListResponse, productListQuerySchema } from '@shop/contract/products';
import { PRICE_BAND_KEYS } from '@shop/contract/shop-params';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client';
import { products, productVariants } from '../../db/schema';
import { rngOf } from '../../seed/art/palette';
import { generateProduct } from '../../seed/catalogue-generator';
import { createAdmin, type TestUser } from '../../test/factories';
import { insertGeneratedCatalogue } from '../../test/generated-catalogue';
import { createTestApp, type TestApp } from '../../test/test-app';
import { CatalogueIndex } from './catalogue-index';
import { catalogueWrites } from './catalogue-index.queries';
import { productFacets } from './product-facets';
import { listProducts } from './products.service';

/**
 * The catalogue index answers the list and its facets exactly as the database's queries do (the same
 * products, in the same order, with the same counts), and follows every change the shop hears of.
 */
let t: TestApp;
let admin: TestUser;
const CATALOGUE_SIZE = 700;
const CHOICES = 250;

const index = () => t.app.deps.catalogueIndex;

beforeAll(async () => {
  t = await createTestApp({ env: { CATALOGUE_INDEX_SECONDS: '3600' } });
  admin = await createAdmin(t.db);
  const rng = rngOf(41);
  const now = Date.now();
  const catalogue = Array.from({ length: CATALOGUE_SIZE }, () => generateProduct(rng, now, () => '/uploads/test.webp'));
  // Ties in every sort: the id decides between them, in the index as in the database.
  for (const [i, p] of catalogue.entries()) {
    if (i % 5 === 0) p.createdAt = new Date(now - 86_400_000);
    if (i % 7 === 0) p.priceCents = 4999;
    if (i % 3 === 0) p.rating = 4;
  }
  await insertGeneratedCatalogue(t.db as Database, rng, catalogue);
  // Written behind the shop's back, as the factories do: it is told, as an operator's tool would tell it.
  t.app.deps.events.catalogueChanged();
}, 120_000);
afterAll(() => t.close());

/** A random choice of the list's filters, as a shopper's address would carry them. */
function randomQuery(rng: () => number): Record<string, string> {
  const some = <T extends string>(values: readonly T[], most: number) =>
    [...values].sort(() => rng() - 0.5).slice(0, 1 + Math.floor(rng() * most));
  const query: Record<string, string> = {};
  if (rng() < 0.4) query.category = some(CATEGORIES, 2).join(',');
  if (rng() < 0.6) query.color = some(COLORS, 3).join(',');
  if (rng() < 0.5) query.size = some(ALL_SIZES, 3).join(',');
  if (rng() < 0.5) query.inStock = 'true';
  if (rng() < 0.4) query.price = some(PRICE_BAND_KEYS, 2).join(',');
  // Bounds are inclusive: some fall exactly on the price many products share.
  const bound = (from: number, span: number) => (rng() < 0.3 ? '49.99' : String(from + Math.floor(rng() * span)));
  if (rng() < 0.15) query.minPrice = bound(0, 150);
  if (rng() < 0.15) query.maxPrice = bound(50, 250);
  if (query.minPrice && query.maxPrice && Number(query.minPrice) > Number(query.maxPrice)) delete query.minPrice;
  query.sort = some(PRODUCT_SORTS, 1).join('');
  query.limit = String(1 + Math.floor(rng() * 30));
  query.page = String(1 + Math.floor(rng() * 4));
  return query;
}

describe('the catalogue index', () => {
  it('lists and counts every choice as the database does', async () => {
    const catalogue = await index().ready();
    const rng = rngOf(42);
    let found = 0;
    for (let i = 0; i < CHOICES; i++) {
      const query = productListQuerySchema.parse(randomQuery(rng));
      const [fromDatabase, fromIndex] = await Promise.all([
        listProducts(t.db, query),
        listProducts(t.db, query, undefined, catalogue),
      ]);
      expect(fromIndex.text, JSON.stringify(query)).toBe(fromDatabase.text);
      expect(await productFacets(t.db, query, catalogue), JSON.stringify(query)).toEqual(
        await productFacets(t.db, query),
      );
      found += (JSON.parse(fromIndex.text) as ProductListResponse).products.length;
    }
    // The choices are not all empty: most pages hold products.
    expect(found).toBeGreaterThan(CHOICES * 3);
  });

  it('is used by the list while it is up to date, and not after a change it has not read', async () => {
    await index().ready();
    expect(index().current()).toBeDefined();
    t.app.deps.events.catalogueChanged();
    expect(index().current()).toBeUndefined();
    await index().ready();
    expect(index().current()).toBeDefined();
  });

  it('goes on answering while it is read again after its time, which bounds a change nobody told it of', async () => {
    let clock = 0;
    const own = new CatalogueIndex(t.db, { ttlMs: 1000, retryAfterMs: 0, now: () => clock });
    const first = await own.ready();
    const [product] = await t.db
      .select({ id: products.id })
      .from(products)
      .where(eq(products.category, 'dress'))
      .limit(1);
    if (!product) throw new Error('no dresses generated');
    const inCosmetics = async () => {
      const query = productListQuerySchema.parse({ category: 'cosmetics', limit: '100' });
      const { totalProducts } = JSON.parse((await listProducts(t.db, query)).text) as ProductListResponse;
      const ids: string[] = [];
      for (let page = 1; page <= Math.ceil(totalProducts / 100); page++) {
        const answer = await listProducts(t.db, { ...query, page }, undefined, own.current());
        ids.push(...(JSON.parse(answer.text) as ProductListResponse).products.map((p) => p._id));
      }
      return ids;
    };
    // Written by hand, told to nobody: within its time the index does not see it.
    await t.db.update(products).set({ category: 'cosmetics' }).where(eq(products.id, product.id));
    clock = 1000;
    expect(await inCosmetics()).not.toContain(product.id);
    // Past its time it still answers, and is read again meanwhile.
    clock = 1001;
    expect(own.current()).toBe(first);
    await vi.waitFor(() => expect(own.current()).not.toBe(first));
    expect(await inCosmetics()).toContain(product.id);
    await t.db.update(products).set({ category: 'dress' }).where(eq(products.id, product.id));
    t.app.deps.events.catalogueChanged();
  });

  it('past its time, is read again whole only once the database counts a write to the catalogue', {
    timeout: 60_000,
  }, async () => {
    let clock = 0;
    const calls = { transaction: 0, execute: 0 };
    // Whole reads go in a transaction; the count of writes is two statements of their own.
    const counted = new Proxy(t.db, {
      get(target, key) {
        const value = Reflect.get(target, key, target) as unknown;
        if (typeof value !== 'function') return value;
        return (...args: unknown[]) => {
          if (key === 'transaction' || key === 'execute') calls[key]++;
          return (value as (...a: unknown[]) => unknown).apply(target, args);
        };
      },
    });
    // Connections report their writes to the statistics a moment after they make them: wait for the last.
    const writesSettled = async () => {
      for (let previous = await catalogueWrites(t.db); ; ) {
        await new Promise((resolve) => setTimeout(resolve, 1100));
        const now = await catalogueWrites(t.db);
        if (now === previous) return now;
        previous = now;
      }
    };
    await writesSettled();
    const own = new CatalogueIndex(counted, { ttlMs: 1000, retryAfterMs: 0, now: () => clock });
    const first = await own.ready();
    expect(calls.transaction).toBe(1);

    // Nothing written since: past its time it asks how many writes there were, and keeps what it has.
    clock = 1001;
    const asked = calls.execute;
    expect(own.current()).toBe(first);
    await vi.waitFor(() => expect(calls.execute).toBe(asked + 2));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.transaction).toBe(1);
    expect(own.current()).toBe(first);

    // A write nobody told it of: past its time again, it is read whole.
    const [product] = await t.db.select({ id: products.id, priceCents: products.priceCents }).from(products).limit(1);
    if (!product) throw new Error('no products generated');
    const before = await catalogueWrites(t.db);
    await t.db
      .update(products)
      .set({ priceCents: product.priceCents + 1 })
      .where(eq(products.id, product.id));
    await vi.waitFor(async () => expect(await catalogueWrites(t.db)).not.toBe(before), { timeout: 20_000 });
    clock = 2002;
    own.current();
    await vi.waitFor(() => expect(own.current()).not.toBe(first));
    expect(calls.transaction).toBe(2);
    await t.db.update(products).set({ priceCents: product.priceCents }).where(eq(products.id, product.id));
    t.app.deps.events.catalogueChanged();
  });

  it('follows stock moved by a checkout, and an admin edit', async () => {
    const [product] = await t.db
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(eq(products.category, 'cosmetics'))
      .limit(1);
    if (!product) throw new Error('no cosmetics generated');
    const inStock = `/api/products?category=cosmetics&inStock=true&limit=100`;
    /** Every product the list shows, page after page, once the index is up to date. */
    const listed = async (path: string) => {
      await index().ready();
      const ids: string[] = [];
      for (let page = 1; ; page++) {
        const res = await t.app.inject({ method: 'GET', url: `${path}&page=${page}` });
        const answer = res.json() as ProductListResponse;
        ids.push(...answer.products.map((p) => p._id));
        if (page >= answer.totalPages) return ids;
      }
    };
    await t.db.update(productVariants).set({ onHand: 1, reserved: 0 }).where(eq(productVariants.productId, product.id));
    t.app.deps.events.catalogueChanged();
    expect(await listed(inStock)).toContain(product.id);

    // Every size held, as checkouts hold them, and heard of as a stock move: the product leaves the list,
    // and the list that still shows it says it is sold out.
    const all = `/api/products?category=cosmetics&limit=100`;
    const shown = async () => {
      await index().ready();
      const res = await t.app.inject({ method: 'GET', url: `${all}&page=1` });
      const answer = res.json() as ProductListResponse;
      const pages = await Promise.all(
        Array.from({ length: answer.totalPages - 1 }, (_, i) =>
          t.app.inject({ method: 'GET', url: `${all}&page=${i + 2}` }),
        ),
      );
      return [answer, ...pages.map((page) => page.json() as ProductListResponse)]
        .flatMap((page) => page.products)
        .find((p) => p._id === product.id);
    };
    expect((await shown())?.inStock).toBe(true);
    await t.db.update(productVariants).set({ reserved: 1 }).where(eq(productVariants.productId, product.id));
    t.app.deps.events.stockMoved([product.id]);
    expect(index().current()).toBeUndefined();
    expect(await listed(inStock)).not.toContain(product.id);
    expect((await shown())?.inStock).toBe(false);

    await t.db.update(productVariants).set({ reserved: sql`0` }).where(eq(productVariants.productId, product.id));
    t.app.deps.events.stockMoved([product.id]);
    expect(await listed(inStock)).toContain(product.id);

    // An admin's edit through the API is heard: the product moves to its new category at once.
    const res = await t.app.inject({
      method: 'PATCH',
      url: apiPaths.updateProduct(product.id),
      headers: admin.headers,
      payload: { category: 'jewellery' },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(index().current()).toBeUndefined();
    expect(await listed('/api/products?category=jewellery&limit=100&sort=newest')).toContain(product.id);
  });
});
