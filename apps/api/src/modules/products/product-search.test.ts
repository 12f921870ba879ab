import type { ProductListResponse } from '@shop/contract/products';
import type { SearchSuggestionsResponse } from '@shop/contract/search';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { pick, rngOf } from '../../seed/art/palette';
import { generateProduct, type ProductRow } from '../../seed/catalogue-generator';
import { mistypeOnce } from '../../seed/typos';
import { insertGeneratedCatalogue } from '../../test/generated-catalogue';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Search as a shopper types it, on a generated catalogue of 2,000 products with distinct names: names
 * mistyped once, exact names, short words, words in any order and the counts a search gives.
 */
let t: TestApp;
let catalogue: ProductRow[];

const CATALOGUE_SIZE = 2_000;
const MISTYPED = 200;
const FIRST_PAGE = 12;

async function search(q: string, extra = ''): Promise<ProductListResponse> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/products?q=${encodeURIComponent(q)}&limit=${FIRST_PAGE}${extra}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** Whether a product has every word, each as a whole word of its name, colour, category or description. */
const wordsOf = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u);
const hasEveryWord = (p: ProductRow, query: string) => {
  const own = new Set(wordsOf(`${p.name} ${(p.colourKeys ?? [p.color]).join(' ')} ${p.category} ${p.description}`));
  return wordsOf(query).every((word) => own.has(word));
};

beforeAll(async () => {
  t = await createTestApp();
  const rng = rngOf(33);
  const now = Date.now();
  const byName = new Map<string, ProductRow>();
  while (byName.size < CATALOGUE_SIZE) {
    const product = generateProduct(rng, now, () => '/uploads/test.webp');
    if (!byName.has(product.name)) byName.set(product.name, product);
  }
  catalogue = [...byName.values()];
  await insertGeneratedCatalogue(t.db as Database, rng, catalogue);
}, 120_000);
afterAll(() => t.close());

describe('search on a generated catalogue', () => {
  it('finds a product named with one typo in its first 12 results, 95 times in 100 or more', async () => {
    const rng = rngOf(7);
    const misses: string[] = [];
    for (let i = 0; i < MISTYPED; i++) {
      const product = pick(rng, catalogue);
      const typed = mistypeOnce(product.name, rng);
      const found = await search(typed);
      if (!found.products.some((p) => p._id === product.id)) misses.push(`${typed} (${product.name})`);
    }
    expect(misses.length / MISTYPED, misses.join('\n')).toBeLessThanOrEqual(0.05);
  });

  it('ranks a product first for its exact name', async () => {
    const rng = rngOf(8);
    for (let i = 0; i < MISTYPED; i++) {
      const product = pick(rng, catalogue);
      const found = await search(product.name);
      expect(found.products[0]?.name, product.name).toBe(product.name);
    }
  });

  it('allows no typo in a word under five letters', async () => {
    // "slik" is "silk" with two letters swapped: a four-letter word must be typed right.
    const found = await search('slik');
    expect(found.totalProducts).toBe(0);
    expect(found.didYouMean).toBe('silk');
    expect((await search('silk')).totalProducts).toBeGreaterThan(0);
  });

  it('matches the words in any order, each in the name, colour, category or description', async () => {
    const expected = catalogue.filter((p) => hasEveryWord(p, 'red dress'));
    expect(expected.length).toBeGreaterThan(FIRST_PAGE);
    for (const query of ['red dress', 'dress red', 'RED   Dress']) {
      const found = await search(query);
      expect(found.totalProducts, query).toBe(expected.length);
      for (const p of found.products) {
        expect(p.colours.some((c) => c.color === 'red') || /\bred\b/i.test(p.name + p.description)).toBe(true);
      }
    }
  });

  it('counts what a filter narrows a search to', async () => {
    const expected = catalogue.filter(
      (p) => hasEveryWord(p, 'silk') && p.category === 'accessories' && (p.colourKeys ?? [p.color]).includes('blue'),
    );
    const found = await search('silk', '&category=accessories&color=blue');
    expect(found.totalProducts).toBe(expected.length);
    expect(expected.length).toBeGreaterThan(0);
    const ids = new Set(expected.map((p) => p.id));
    expect(found.products.length).toBe(Math.min(FIRST_PAGE, expected.length));
    for (const p of found.products) expect(ids.has(p._id)).toBe(true);
  });

  it('matches the start of the last word as it is typed', async () => {
    const found = await search('noir sil');
    expect(found.totalProducts).toBeGreaterThan(0);
    // "sil" starts a word of the name, or the colour silver.
    for (const p of found.products) {
      const words = `${p.name} ${p.colours.map((c) => c.name).join(' ')}`.toLowerCase();
      expect(words).toMatch(/noir.*sil|sil.*noir/);
    }
  });

  it('suggests the categories a word names and the best products, at most eight', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/products/suggestions?q=dres' });
    expect(res.statusCode).toBe(200);
    const { suggestions } = res.json() as SearchSuggestionsResponse;
    expect(suggestions.length).toBeLessThanOrEqual(8);
    expect(suggestions[0]).toEqual({
      kind: 'category',
      category: 'dress',
      // Every dress: the category's own word starts with "dres".
      matches: catalogue.filter((p) => p.category === 'dress').length,
    });
    const suggested = suggestions.flatMap((s) => (s.kind === 'product' ? [s] : []));
    expect(suggested).toHaveLength(7);
    for (const s of suggested) {
      const product = catalogue.find((p) => p.id === s._id);
      expect(s).toEqual({
        kind: 'product',
        _id: product?.id,
        name: product?.name,
        image: product?.image,
        price: (product?.priceCents ?? 0) / 100,
        category: 'dress',
      });
    }
    const empty = await t.app.inject({ method: 'GET', url: '/api/products/suggestions?q=' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toEqual({ message: 'Invalid querystring q: Search text is required' });
  });
});
