import type { Product, ProductListResponse } from '@shop/contract/products';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;

/** A small catalogue with known prices, colours, ratings and ages (index 0 is the oldest). */
const catalogue = [
  { name: 'Red Silk Scarf', category: 'accessories', color: 'red', priceCents: 1999, rating: 4.5 },
  { name: 'Black Leather Bag', category: 'accessories', color: 'black', priceCents: 12000, rating: 3 },
  { name: 'Gold Hoop Earrings', category: 'jewellery', color: 'gold', priceCents: 4500, rating: 5 },
  { name: 'Silver Ring', category: 'jewellery', color: 'silver', priceCents: 25000, rating: 4 },
  {
    name: 'Blue Evening Dress',
    category: 'dress',
    color: 'blue',
    priceCents: 15000,
    rating: 4.8,
    description: 'Made for 100% of your evenings.',
  },
  { name: "Beige Women's Dress", category: 'dress', color: 'beige', priceCents: 5000, rating: 2 },
  {
    name: 'Green Lipstick',
    category: 'cosmetics',
    color: 'green',
    priceCents: 1000,
    rating: 3.5,
    description: 'A matte_finish lipstick.',
  },
  { name: 'Red Lipstick', category: 'cosmetics', color: 'red', priceCents: 10000, rating: 0 },
] as const;

const names = (body: ProductListResponse) => body.products.map((p) => p.name);

async function list(query: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/products/?${query}` });
  return { status: res.statusCode, body: res.json() };
}

async function listOk(query: string): Promise<ProductListResponse> {
  const res = await list(query);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body;
}

beforeAll(async () => {
  t = await createTestApp();
  const start = Date.UTC(2025, 0, 1);
  for (const [i, p] of catalogue.entries()) {
    await createProduct(t.db, {
      ...p,
      description: 'description' in p ? p.description : `A fine ${p.name.toLowerCase()}.`,
      createdAt: new Date(start + i * 60_000),
    });
  }
});
afterAll(() => t.close());

describe('GET /api/products/', () => {
  it('lists newest first with the defaults (limit 10, page 1)', async () => {
    const body = await listOk('');
    expect(body.totalProducts).toBe(8);
    expect(body.totalPages).toBe(1);
    expect(names(body)).toEqual(catalogue.map((p) => p.name).reverse());
    const scarf = body.products.find((p) => p.name === 'Red Silk Scarf') as Product;
    expect(scarf).toMatchObject({ price: 19.99, oldPrice: null, category: 'accessories', color: 'red', rating: 4.5 });
    expect(scarf._id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('answers without the trailing slash too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/products?limit=1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ totalProducts: 8, totalPages: 8 });
  });

  it.each([
    ['category=dress', ["Beige Women's Dress", 'Blue Evening Dress']],
    ['color=red', ['Red Lipstick', 'Red Silk Scarf']],
    ['minPrice=100', ['Red Lipstick', 'Blue Evening Dress', 'Silver Ring', 'Black Leather Bag']],
    ['maxPrice=50', ['Green Lipstick', "Beige Women's Dress", 'Gold Hoop Earrings', 'Red Silk Scarf']],
    ['minPrice=45&maxPrice=45', ['Gold Hoop Earrings']],
    ['minPrice=49.991&maxPrice=49.999', []],
    // A bound between cents keeps only whole cents inside it: 19.995 excludes the 19.99 scarf.
    [
      'minPrice=19.995',
      [
        'Red Lipstick',
        "Beige Women's Dress",
        'Blue Evening Dress',
        'Silver Ring',
        'Gold Hoop Earrings',
        'Black Leather Bag',
      ],
    ],
    ['minPrice=0', catalogue.map((p) => p.name).reverse()],
    ['minPrice=&maxPrice=', catalogue.map((p) => p.name).reverse()],
    ['q=silk', ['Red Silk Scarf']],
    ['q=LIPSTICK', ['Red Lipstick', 'Green Lipstick']],
    ['q=evenings', ['Blue Evening Dress']],
    // Whole words (and the start of the last one): "ring" is not in "earrings".
    ['q=%20%20ring%20', ['Silver Ring']],
    ['category=all&color=all', catalogue.map((p) => p.name).reverse()],
    // Unset filters as the seed's screens send them: empty values, and Infinity for "$200 and Above".
    ['category=&color=&minPrice=0&maxPrice=&limit=12&page=1', catalogue.map((p) => p.name).reverse()],
    ['category=dress&color=&minPrice=0&maxPrice=&limit=12&page=1', ["Beige Women's Dress", 'Blue Evening Dress']],
    ['category=all&color=all&minPrice=200&maxPrice=Infinity&limit=12&page=1', ['Silver Ring']],
    ['category=&color=red&minPrice=&maxPrice=&sort=&limit=&page=', ['Red Lipstick', 'Red Silk Scarf']],
  ])('filters by %s', async (query, expected) => {
    const body = await listOk(query);
    expect(names(body)).toEqual(expected);
    expect(body.totalProducts).toBe(expected.length);
  });

  it.each([
    ['category=cosmetics&color=red&maxPrice=100', ['Red Lipstick']],
    ['category=dress&minPrice=50&maxPrice=100', ["Beige Women's Dress"]],
    ['category=accessories&q=bag&minPrice=100', ['Black Leather Bag']],
    ['color=red&q=silk&category=cosmetics', []],
    ['category=jewellery&color=gold&minPrice=0&maxPrice=50&q=hoop', ['Gold Hoop Earrings']],
  ])('combines filters: %s', async (query, expected) => {
    const body = await listOk(query);
    expect(names(body)).toEqual(expected);
    expect(body.totalProducts).toBe(expected.length);
    expect(body.totalPages).toBe(expected.length === 0 ? 0 : 1);
  });

  it.each([
    // Search matches words: text with none finds nothing, and no character is read as an operator.
    ['q=%25', []],
    ['q=_', []],
    ["q='", []],
    ['q=%5C', []],
    ['q=%25%25', []],
    ['q=%22%3B%20drop%20table%20products%3B--', []],
    ["q=women's", ["Beige Women's Dress"]],
    ['q=silk%3A*%20%26%20!%7C', ['Red Silk Scarf']],
    ["q=silk'%5C", ['Red Silk Scarf']],
  ])('takes search text as words, never as operators: %s', async (query, expected) => {
    const body = await listOk(query);
    expect(names(body)).toEqual(expected);
  });

  it('accepts a 100-character q and refuses a 200-character one', async () => {
    expect(await listOk(`q=${'a'.repeat(100)}`)).toEqual({ products: [], totalPages: 0, totalProducts: 0 });
    expect(await list(`q=${'a'.repeat(200)}`)).toEqual({
      status: 400,
      body: { message: 'Invalid querystring q: Search text must be at most 100 characters' },
    });
  });

  it('sorts by price both ways and by rating', async () => {
    const byPrice = [...catalogue].sort((a, b) => a.priceCents - b.priceCents).map((p) => p.name);
    expect(names(await listOk('sort=price_asc'))).toEqual(byPrice);
    expect(names(await listOk('sort=price_desc'))).toEqual([...byPrice].reverse());
    const byRating = [...catalogue].sort((a, b) => b.rating - a.rating).map((p) => p.name);
    expect(names(await listOk('sort=rating'))).toEqual(byRating);
    expect(names(await listOk('sort=newest&limit=2'))).toEqual(['Red Lipstick', 'Green Lipstick']);
  });

  it('pages through the whole list without overlap and gives totals on every page', async () => {
    const seen: string[] = [];
    for (const page of [1, 2, 3]) {
      const body = await listOk(`limit=3&page=${page}&sort=price_asc`);
      expect(body.totalProducts).toBe(8);
      expect(body.totalPages).toBe(3);
      expect(body.products.length).toBe(page === 3 ? 2 : 3);
      seen.push(...names(body));
    }
    expect(seen).toEqual([...catalogue].sort((a, b) => a.priceCents - b.priceCents).map((p) => p.name));
    expect(await listOk('limit=3&page=4')).toEqual({ products: [], totalPages: 3, totalProducts: 8 });
    expect(await listOk('limit=3&page=10000')).toEqual({ products: [], totalPages: 3, totalProducts: 8 });
    expect((await listOk('limit=100')).products.length).toBe(8);
    expect(await listOk('limit=1&category=dress')).toMatchObject({ totalPages: 2, totalProducts: 2 });
  });

  it.each([
    ['limit=0', 'limit'],
    ['limit=-1', 'limit'],
    ['limit=101', 'limit'],
    ['limit=99999999999999999999', 'limit'],
    ['limit=x', 'limit'],
    ['limit=2.5', 'limit'],
    ['page=0', 'page'],
    ['page=-3', 'page'],
    ['page=10001', 'page'],
    ['page=1e400', 'page'],
    ['page=x', 'page'],
    ['minPrice=abc', 'minPrice'],
    ['minPrice=Infinity', 'minPrice'],
    ['maxPrice=infinity', 'maxPrice'],
    ['maxPrice=-Infinity', 'maxPrice'],
    ['maxPrice=NaN', 'maxPrice'],
    ['maxPrice=0x10', 'maxPrice'],
    ['minPrice=-1', 'minPrice'],
    ['maxPrice=1e12', 'maxPrice'],
    ['category=shoes', 'category'],
    ['color=purple', 'color'],
    ['sort=cheapest', 'sort'],
    ['q=a&q=b', 'q'],
  ])('refuses %s with 400', async (query, field) => {
    const res = await list(query);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: expect.stringMatching(new RegExp(`^Invalid querystring ${field}: .+`)) });
  });

  it('refuses a minimum price above the maximum', async () => {
    expect(await list('minPrice=100&maxPrice=50')).toEqual({
      status: 400,
      body: { message: 'minPrice must not be greater than maxPrice' },
    });
  });
});
