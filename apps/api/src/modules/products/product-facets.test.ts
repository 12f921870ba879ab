import { CATEGORIES, COLORS } from '@shop/contract/constants';
import { ALL_SIZES } from '@shop/contract/inventory';
import type { ProductFacetsResponse, ProductListResponse } from '@shop/contract/products';
import { PRICE_BAND_KEYS, priceRangeOf } from '@shop/contract/shop-params';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bulkInsert } from '../../db/bulk-insert';
import type { Database } from '../../db/client';
import { productColours, products, productVariants } from '../../db/schema';
import { rngOf } from '../../seed/art/palette';
import { generateColours, generateProduct, generateVariants, type ProductRow } from '../../seed/catalogue-generator';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * Facets on a generated catalogue: each count equals one computed here from the generated rows, values
 * of a facet are alternatives and facets narrow together, and the list under several values agrees.
 */
let t: TestApp;
let catalogue: ProductRow[];
/** The sizes of each product, and those that can still be bought. */
const allSizes = new Map<string, Set<string>>();
const boughtSizes = new Map<string, Set<string>>();

const CATALOGUE_SIZE = 600;

interface Choice {
  q?: string;
  category?: string[];
  color?: string[];
  size?: string[];
  price?: string[];
  inStock?: boolean;
}

const queryOf = (choice: Choice) =>
  Object.entries(choice)
    .map(([key, value]) => `${key}=${encodeURIComponent(Array.isArray(value) ? value.join(',') : value)}`)
    .join('&');

async function get<T>(path: string): Promise<T> {
  const res = await t.app.inject({ method: 'GET', url: path });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/** A product's colours, and its sizes as `colour|size`: every one, or those that can still be bought. */
const coloursOf = (p: ProductRow) => p.colourKeys ?? [p.color];
const sizesOf = (p: ProductRow, inStock?: boolean) => (inStock ? boughtSizes : allSizes).get(p.id);

const wordsOf = (text: string) => text.toLowerCase().split(/[^\p{L}\p{N}]+/u);

/** Whether a product is in the choice, one facet left out when `except` names it. */
function chosen(p: ProductRow, choice: Choice, except?: keyof Choice): boolean {
  const inBand = (key: string) => {
    const range = priceRangeOf(key);
    const cents = p.priceCents;
    return range !== undefined && cents >= range.min * 100 && (range.max === undefined || cents < range.max * 100);
  };
  const colours = coloursOf(p);
  // A size chosen is one of a chosen colour (any, when none is chosen); one that can still be bought with `inStock`.
  const sizeColours = except === 'color' || !choice.color ? colours : colours.filter((c) => choice.color?.includes(c));
  const hasSize = (size?: string) =>
    sizeColours.some((c) =>
      [...(sizesOf(p, choice.inStock) ?? [])].some((v) => v.startsWith(`${c}|`) && (!size || v === `${c}|${size}`)),
    );
  const own = new Set(wordsOf(`${p.name} ${colours.join(' ')} ${p.category} ${p.description}`));
  return (
    (!choice.q || wordsOf(choice.q).every((w) => own.has(w))) &&
    (except === 'category' || !choice.category || choice.category.includes(p.category)) &&
    (except === 'color' || !choice.color || choice.color.some((c) => (colours as string[]).includes(c))) &&
    (except === 'size' || !choice.size || choice.size.some((s) => hasSize(s))) &&
    (!choice.inStock || hasSize()) &&
    (except === 'price' || !choice.price || choice.price.some(inBand))
  );
}

function expectedFacets(choice: Choice): ProductFacetsResponse {
  const count = (except: keyof Choice, test: (p: ProductRow) => boolean) =>
    catalogue.filter((p) => chosen(p, choice, except) && test(p)).length;
  return {
    category: CATEGORIES.map((value) => ({ value, count: count('category', (p) => p.category === value) })),
    // A colour counts a product that comes in it, in a size chosen when sizes are.
    color: COLORS.map((value) => ({
      value,
      count: count('color', (p) => {
        const sizes = [...(sizesOf(p, choice.inStock) ?? [])].filter((v) => v.startsWith(`${value}|`));
        const unsized = !choice.size && !choice.inStock;
        return (
          coloursOf(p).includes(value) &&
          (unsized || sizes.some((v) => !choice.size || choice.size.some((s) => v === `${value}|${s}`)))
        );
      }),
    })),
    size: ALL_SIZES.map((value) => ({
      value,
      count: count('size', (p) =>
        coloursOf(p).some(
          (c) =>
            (!choice.color || choice.color.includes(c)) && (sizesOf(p, choice.inStock)?.has(`${c}|${value}`) ?? false),
        ),
      ),
    })),
    price: PRICE_BAND_KEYS.map((value) => ({ value, count: count('price', (p) => chosen(p, { price: [value] })) })),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  const rng = rngOf(34);
  const now = Date.now();
  catalogue = Array.from({ length: CATALOGUE_SIZE }, () => generateProduct(rng, now, () => '/uploads/test.webp'));
  const variants = catalogue.flatMap((p) => generateVariants(rng, p));
  for (const v of variants) {
    for (const [sizes, kept] of [
      [allSizes, true],
      [boughtSizes, (v.onHand ?? 0) > 0],
    ] as const) {
      if (!sizes.has(v.productId)) sizes.set(v.productId, new Set());
      if (kept) sizes.get(v.productId)?.add(`${v.color}|${v.size}`);
    }
  }
  await bulkInsert(t.db as Database, products, catalogue);
  await bulkInsert(
    t.db as Database,
    productColours,
    catalogue.flatMap((p) => generateColours(p, () => '/uploads/test.webp')),
  );
  await bulkInsert(t.db as Database, productVariants, variants);
}, 120_000);
afterAll(() => t.close());

describe('facets of the product list', () => {
  it.each<Choice>([
    {},
    { category: ['dress'] },
    { category: ['dress', 'jewellery'], color: ['red', 'black'] },
    { size: ['M', 'L'], price: ['50-100', '200-up'] },
    { size: ['M', 'L'], inStock: true },
    { category: ['dress'], inStock: true },
    { q: 'silk', color: ['blue'] },
    { q: 'zzzzzz' },
    { category: ['accessories'], color: ['gold', 'beige', 'green'], size: ['One size'], price: ['0-50'] },
  ])('count each value as the catalogue does: %j', async (choice) => {
    const facets = await get<ProductFacetsResponse>(`/api/products/facets?${queryOf(choice)}`);
    expect(facets).toEqual(expectedFacets(choice));
  });

  it.each<Choice>([
    { category: ['dress', 'jewellery'], color: ['red', 'black'] },
    { size: ['M', 'L'], price: ['50-100', '200-up'] },
    { size: ['XS', '7', 'One size'], inStock: true, price: ['0-50'] },
    { color: ['gold', 'silver'], price: ['0-50', '100-200'] },
  ])('lists what several values of a facet choose, any of them: %j', async (choice) => {
    const expected = catalogue.filter((p) => chosen(p, choice));
    const seen: string[] = [];
    for (let page = 1; page <= Math.ceil(expected.length / 100); page++) {
      const body = await get<ProductListResponse>(`/api/products?${queryOf(choice)}&limit=100&page=${page}`);
      expect(body.totalProducts).toBe(expected.length);
      seen.push(...body.products.map((p) => p._id));
    }
    expect(seen.sort()).toEqual(expected.map((p) => p.id).sort());
  });

  it('refuses a value a facet does not have, naming the facet', async () => {
    for (const [query, message] of [
      [
        'color=red,purple',
        'Invalid querystring color: Color must be one of all, black, red, gold, blue, silver, beige, green, or empty',
      ],
      ['price=10-20', 'Invalid querystring price: Price band must be one of 0-50, 50-100, 100-200, 200-up, or empty'],
    ] as const) {
      for (const path of ['/api/products', '/api/products/facets']) {
        const res = await t.app.inject({ method: 'GET', url: `${path}?${query}` });
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ message });
      }
    }
  });
});
