import type { ProductDetailResponse, ProductListResponse } from '@shop/contract/products';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import { createAdmin, createProduct, createUser, TEST_PASSWORD, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.db);
  customer = await createUser(t.db);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const names = (res: { json(): unknown }) => (res.json() as ProductListResponse).products.map((p) => p.name);

/** Changes a row behind the app's back, as another instance would: only a write through this app drops the cache. */
const renameInDatabase = (id: string, name: string) => t.db.update(products).set({ name }).where(eq(products.id, id));

describe('catalogue reads', () => {
  it('carry an ETag and must be revalidated; a matching If-None-Match gets 304 without a body', async () => {
    await createProduct(t.db, { name: 'Etag Satchel' });
    const first = await get('/api/products?limit=5');
    expect(first.statusCode).toBe(200);
    // The first is read from the database, the others from memory, and each says so.
    expect(first.headers['x-cache']).toBe('miss');
    expect(first.headers['cache-control']).toBe('public, no-cache');
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    const etag = String(first.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);
    const again = await get('/api/products?limit=5', { 'if-none-match': etag });
    expect([again.statusCode, again.body, again.headers.etag, again.headers['x-cache']]).toEqual([
      304,
      '',
      etag,
      'hit',
    ]);
    const other = await get('/api/products?limit=5', { 'if-none-match': 'W/"something-else"' });
    expect([other.statusCode, other.json()]).toEqual([200, first.json()]);
  });

  it('show an admin update at once, in the list and on the product page', async () => {
    const product = await createProduct(t.db, { name: 'Before Update Tote' });
    expect(names(await get('/api/products?limit=100'))).toContain('Before Update Tote');
    expect(((await get(`/api/products/${product.id}`)).json() as ProductDetailResponse).product.name).toBe(
      'Before Update Tote',
    );
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/update-product/${product.id}`,
      headers: admin.headers,
      payload: { name: 'After Update Tote' },
    });
    expect(res.statusCode).toBe(200);
    expect(names(await get('/api/products?limit=100'))).toContain('After Update Tote');
    expect(((await get(`/api/products/${product.id}`)).json() as ProductDetailResponse).product.name).toBe(
      'After Update Tote',
    );
  });

  it('are read from the database when the request asks for no cached answer, and that answer is kept', async () => {
    const product = await createProduct(t.db, { name: 'Asked Fresh Clutch', category: 'accessories' });
    const list = '/api/products?limit=100&category=accessories';
    expect(names(await get(list))).toContain('Asked Fresh Clutch');
    expect((await get(`/api/products/${product.id}`)).statusCode).toBe(200);
    // A change this instance has not heard of yet, as one made through another instance a moment ago.
    await renameInDatabase(product.id, 'Asked Fresh Clutch Renamed');
    expect(names(await get(list))).not.toContain('Asked Fresh Clutch Renamed');

    const fresh = await get(list, { 'cache-control': 'no-cache' });
    expect([fresh.headers['x-cache'], names(fresh).includes('Asked Fresh Clutch Renamed')]).toEqual(['miss', true]);
    expect(names(await get(list))).toContain('Asked Fresh Clutch Renamed');
    const detail = await get(`/api/products/${product.id}`, { 'cache-control': 'no-cache' });
    expect((detail.json() as ProductDetailResponse).product.name).toBe('Asked Fresh Clutch Renamed');

    await t.db.delete(products).where(eq(products.id, product.id));
    expect((await get(`/api/products/${product.id}`)).statusCode).toBe(200);
    expect((await get(`/api/products/${product.id}`, { 'cache-control': 'no-cache' })).statusCode).toBe(404);
  });

  it('show a posted review and the new rating at once', async () => {
    const product = await createProduct(t.db, { rating: 0 });
    expect(((await get(`/api/products/${product.id}`)).json() as ProductDetailResponse).reviews).toEqual([]);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/reviews/post-review',
      headers: customer.headers,
      payload: { comment: 'Fits well', rating: 4, productId: product.id },
    });
    expect(res.statusCode).toBeLessThan(300);
    const detail = (await get(`/api/products/${product.id}`)).json() as ProductDetailResponse;
    expect(detail.product.rating).toBe(4);
    expect(detail.reviews.map((r) => r.comment)).toEqual(['Fits well']);
  });

  it('stay cached through writes that cannot change the catalogue and through refused writes', async () => {
    const product = await createProduct(t.db, { name: 'Cached Clutch' });
    const url = `/api/products/${product.id}`;
    expect((await get(url)).json().product.name).toBe('Cached Clutch');
    await renameInDatabase(product.id, 'Renamed Elsewhere');
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: customer.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(200);
    const refused = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/update-product/${product.id}`,
      headers: customer.headers,
      payload: { name: 'Not Allowed' },
    });
    expect(refused.statusCode).toBe(403);
    expect((await get(url)).json().product.name).toBe('Cached Clutch');
    // Any successful catalogue write drops every cached answer, this one included.
    const other = await createProduct(t.db);
    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/products/${other.id}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect((await get(url)).json().product.name).toBe('Renamed Elsewhere');
  });

  it('count the whole catalogue from the kept total, and a filter by counting', async () => {
    const all = (await get('/api/products?limit=1')).json() as ProductListResponse;
    const rows = await t.db.select({ id: products.id }).from(products);
    expect(all.totalProducts).toBe(rows.length);
    const green = await t.db.select({ id: products.id }).from(products).where(eq(products.color, 'green'));
    await createProduct(t.db, { color: 'green' });
    const filtered = (await get('/api/products?color=green&limit=1')).json() as ProductListResponse;
    expect(filtered.totalProducts).toBe(green.length + 1);
  });

  it('count a filter once for all its pages and sorts, until a write drops the count with the pages', async () => {
    const total = async (url: string) => ((await get(url)).json() as ProductListResponse).totalProducts;
    for (let i = 0; i < 3; i++) await createProduct(t.db, { category: 'cosmetics', color: 'silver' });
    const filter = 'category=cosmetics&color=silver';
    const counted = await total(`/api/products?${filter}&limit=1`);
    expect(counted).toBeGreaterThanOrEqual(3);
    // Made behind the app's back, as another instance's write before its notice arrives.
    await createProduct(t.db, { category: 'cosmetics', color: 'silver' });
    // Another page and another sort are new lists, read from the database, but their count is the one kept.
    expect(await total(`/api/products?${filter}&limit=1&page=2`)).toBe(counted);
    expect(await total(`/api/products?${filter}&limit=1&sort=price_desc`)).toBe(counted);
    const other = await createProduct(t.db);
    const res = await t.app.inject({ method: 'DELETE', url: `/api/products/${other.id}`, headers: admin.headers });
    expect(res.statusCode).toBe(200);
    expect(await total(`/api/products?${filter}&limit=1&page=3`)).toBe(counted + 1);
  });

  it('answer 404 for an unknown product every time, without keeping the miss', async () => {
    const id = '6f1c1f7e-2b8a-4c1e-9a57-3c1d2e4f5a6b';
    for (let i = 0; i < 2; i++) {
      const res = await get(`/api/products/${id}`);
      expect([res.statusCode, res.json()]).toEqual([404, { message: 'Product not found' }]);
    }
  });
});
