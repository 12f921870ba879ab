import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiPaths } from '@shop/contract/api-paths';
import type { Product, ProductDetailResponse, ProductListResponse } from '@shop/contract/products';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions, products } from '../../db/schema';
import { sweepExpiredHolds } from '../../flows/checkout-release';
import { confirm, openSession, submitCard } from '../../test/checkout-test-kit';
import { createProduct, createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { checkoutCancelPath } from '../orders/checkout-paths';
import { fulfilDepsOf } from '../orders/fulfil-deps';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web');

let t: TestApp;
let buyer: TestUser;

beforeAll(async () => {
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-'));
  fs.writeFileSync(path.join(distDir, 'index.html'), fs.readFileSync(path.join(webDir, 'index.html'), 'utf8'));
  // Pages rendered from the web app's own source, as its server build renders them, and kept.
  t = await createTestApp({
    env: { WEB_DIST_DIR: distDir, WEB_SERVER_ENTRY: path.join(webDir, 'src/entry-server.tsx') },
  });
  buyer = await createUser(t.db);
}, 60_000);
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });
const listOf = async (url: string) => {
  const res = await get(url);
  return { cache: res.headers['x-cache'], products: (res.json() as ProductListResponse).products };
};
const detailOf = async (id: string) => {
  const res = await get(apiPaths.product(id));
  return { cache: res.headers['x-cache'], product: (res.json() as ProductDetailResponse).product };
};
const sizeM = (product: Product | undefined) => product?.variants.find((v) => v.size === 'M')?.available;

/** Renames a product behind the app's back: an answer that still shows the old name was not read again. */
const renameInDatabase = (id: string, name: string) => t.db.update(products).set({ name }).where(eq(products.id, id));

async function buy(productId: string, size: string) {
  const session = await openSession(t.app, buyer, [{ _id: productId, quantity: 1, size }]);
  expect((await submitCard(t.app, session.id)).statusCode).toBe(303);
  expect((await confirm(t.app, buyer, session.id)).statusCode).toBe(200);
}

describe('a purchase drops only the catalogue answers that show what it moved', () => {
  it('keeps the answers of other products and the lists without the product; the rest show the new stock', async () => {
    const dress = await createProduct(t.db, {
      name: 'Last Linen Dress',
      category: 'dress',
      color: 'beige',
      sizeScale: 'clothing',
      stock: [{ size: 'M', onHand: 1 }],
    });
    const ring = await createProduct(t.db, { name: 'Kept Signet Ring', category: 'jewellery', color: 'gold' });
    const dresses = '/api/products?category=dress&limit=50';
    const jewellery = '/api/products?category=jewellery&limit=50';
    const dressesInStock = '/api/products?category=dress&inStock=true&limit=50';
    // Read once from the database, then kept.
    for (const url of [dresses, jewellery, dressesInStock, apiPaths.product(dress.id), apiPaths.product(ring.id)]) {
      await get(url);
      expect((await get(url)).headers['x-cache'], url).toBe('hit');
    }
    expect((await get(`/shop/${ring.id}`)).body).toContain('Kept Signet Ring');
    expect((await get(`/shop/${dress.id}`)).body).not.toContain('Sold out');
    expect((await listOf(dressesInStock)).products.map((p) => p._id)).toContain(dress.id);

    await renameInDatabase(ring.id, 'Renamed Signet Ring');
    await buy(dress.id, 'M');

    // Nothing shows the dress: still the kept answers (the rename behind the app's back is not seen).
    const kept = await listOf(jewellery);
    expect([kept.cache, kept.products.map((p) => p.name)]).toEqual(['hit', ['Kept Signet Ring']]);
    const ringDetail = await detailOf(ring.id);
    expect([ringDetail.cache, ringDetail.product.name]).toEqual(['hit', 'Kept Signet Ring']);
    const ringPage = (await get(`/shop/${ring.id}`)).body;
    expect(ringPage).toContain('Kept Signet Ring');
    expect(ringPage).not.toContain('Renamed Signet Ring');

    // Everything that shows the dress is read again: its last M is sold.
    const dressDetail = await detailOf(dress.id);
    expect([dressDetail.cache, sizeM(dressDetail.product), dressDetail.product.inStock]).toEqual(['miss', 0, false]);
    const listed = await listOf(dresses);
    const dressListed = listed.products.find((p) => p._id === dress.id);
    expect([listed.cache, sizeM(dressListed), dressListed?.inStock]).toEqual(['miss', 0, false]);
    expect((await get(`/shop/${dress.id}`)).body).toContain('Sold out');
    // A list of what can still be bought no longer holds it.
    const inStock = await listOf(dressesInStock);
    expect([inStock.cache, inStock.products.map((p) => p._id)]).toEqual(['miss', []]);
  });

  it('drops the answers of a product whose hold is cancelled, which show its piece back', async () => {
    const scarf = await createProduct(t.db, {
      name: 'Returned Silk Scarf',
      category: 'accessories',
      sizeScale: 'clothing',
      stock: [{ size: 'M', onHand: 1 }],
    });
    const session = await openSession(t.app, buyer, [{ _id: scarf.id, quantity: 1, size: 'M' }]);
    expect(sizeM((await detailOf(scarf.id)).product)).toBe(0);
    const inStock = '/api/products?category=accessories&inStock=true&limit=50';
    expect((await listOf(inStock)).products.map((p) => p._id)).not.toContain(scarf.id);

    const [record] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, session.id));
    // The hosted page's Cancel.
    const cancelled = await get(checkoutCancelPath(record?.holdId ?? ''));
    expect(cancelled.statusCode).toBe(303);
    const detail = await detailOf(scarf.id);
    expect([detail.cache, sizeM(detail.product)]).toEqual(['miss', 1]);
    expect((await listOf(inStock)).products.map((p) => p._id)).toContain(scarf.id);
  });

  it('drops the answers of a product whose hold expires, and keeps the others', async () => {
    const belt = await createProduct(t.db, {
      name: 'Expiring Leather Belt',
      category: 'accessories',
      sizeScale: 'clothing',
      stock: [{ size: 'M', onHand: 1 }],
    });
    const ring = await createProduct(t.db, { name: 'Steady Gold Ring', category: 'jewellery' });
    await openSession(t.app, buyer, [{ _id: belt.id, quantity: 1, size: 'M' }]);
    expect(sizeM((await detailOf(belt.id)).product)).toBe(0);
    await detailOf(ring.id);
    await renameInDatabase(ring.id, 'Renamed Gold Ring');

    const inTwoDays = new Date(Date.now() + 2 * 24 * 3600 * 1000);
    const swept = await sweepExpiredHolds(fulfilDepsOf(t.app.deps, t.app.log), inTwoDays);
    expect(swept.released).toBeGreaterThanOrEqual(1);
    const detail = await detailOf(belt.id);
    expect([detail.cache, sizeM(detail.product)]).toEqual(['miss', 1]);
    const kept = await detailOf(ring.id);
    expect([kept.cache, kept.product.name]).toEqual(['hit', 'Steady Gold Ring']);
  });
});
