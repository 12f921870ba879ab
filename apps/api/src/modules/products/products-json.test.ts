import {
  PRODUCT_DETAIL_REVIEWS_MAX,
  type Product,
  productDetailResponseSchema,
  productListResponseSchema,
} from '@shop/contract/products';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, productVariants, reviews, users } from '../../db/schema';
import { createProduct, createReview, createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { variantsOfProducts } from '../inventory/inventory.queries';
import { toReviewDto } from '../reviews/reviews.dto';
import { coloursOfProducts } from './product-colours.queries';
import { toProductDto } from './products.dto';

/**
 * The catalogue's list pages and product pages are written as JSON by the database (products.queries.ts);
 * everything else the shop answers about products goes through `toProductDto` and `toReviewDto`. These
 * tests hold the two to the same answer, value for value, on the products whose fields are the easiest
 * to get wrong.
 */
let t: TestApp;
/** One more than a page shows: a customer reviews a product once. */
let reviewerIds: string[];

beforeAll(async () => {
  t = await createTestApp();
  const made = await t.db
    .insert(users)
    .values(
      Array.from({ length: PRODUCT_DETAIL_REVIEWS_MAX + 5 }, (_, i) => ({
        username: `reviewer-${i}`,
        email: `reviewer-${i}@example.test`,
        passwordHash: 'not-a-hash',
      })),
    )
    .returning({ id: users.id });
  reviewerIds = made.map((u) => u.id);
});
afterAll(() => t.close());

/** The page's answer as the DTO functions make it from the rows. */
async function answerFromRows(id: string) {
  const [row] = await t.db.select().from(products).where(eq(products.id, id));
  if (!row) throw new Error('no product');
  const variants = await variantsOfProducts(t.db, [id]);
  const colours = await coloursOfProducts(t.db, [id]);
  const reviewRows = await t.db
    .select({ review: reviews, author: { id: users.id, username: users.username } })
    .from(reviews)
    .leftJoin(users, eq(users.id, reviews.userId))
    .where(eq(reviews.productId, id))
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(PRODUCT_DETAIL_REVIEWS_MAX);
  return {
    product: toProductDto(row, variants, colours),
    reviews: reviewRows.map(({ review, author }) => toReviewDto(review, author?.id ? author : null)),
  };
}

async function pageOf(id: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/products/${id}`,
    headers: { 'cache-control': 'no-cache' },
  });
  expect(res.statusCode).toBe(200);
  return res.json();
}

describe("a product page's answer written by the database", () => {
  it('is the answer of the DTOs: prices whose cents are not exact in binary, clamped and sold-out sizes', async () => {
    for (const [priceCents, oldPriceCents] of [
      [1, null],
      [30, 10],
      [1699, 2099],
      [4999, null],
      [99_999_999, 99_999_998],
    ] as const) {
      const product = await createProduct(t.db, {
        priceCents,
        oldPriceCents,
        rating: 4.333333333333333,
        sizeScale: 'clothing',
        stock: [
          { size: 'S', onHand: 0 },
          { size: 'M', onHand: 3 },
        ],
      });
      // Every size held by checkouts: none left of either, so the product is out of stock.
      await t.db
        .update(productVariants)
        .set({ reserved: sql`${productVariants.onHand}` })
        .where(eq(productVariants.productId, product.id));
      const page = await pageOf(product.id);
      expect(page).toStrictEqual(await answerFromRows(product.id));
      expect(page.product.inStock).toBe(false);
      expect(page.product.variants.map((v: { available: number }) => v.available)).toEqual([0, 0]);
      expect(productDetailResponseSchema.parse(page)).toStrictEqual(page);
    }
  });

  it('writes moments as Date.toISOString does, to the millisecond, whatever the microseconds', async () => {
    const product = await createProduct(t.db, { createdAt: new Date('1999-12-31T23:59:59.999Z') });
    await t.db
      .update(products)
      .set({ updatedAt: sql`'2026-02-28 22:05:07.123987+00'::timestamptz` })
      .where(eq(products.id, product.id));
    const review = await createReview(t.db, {
      userId: reviewerIds[0]!,
      productId: product.id,
      comment: 'Ünïcödé "quoted" \\ ✓',
    });
    await t.db
      .update(reviews)
      .set({ createdAt: sql`'2026-01-01 00:00:00.000999+00'::timestamptz` })
      .where(eq(reviews.id, review.id));
    const page = await pageOf(product.id);
    expect(page).toStrictEqual(await answerFromRows(product.id));
    expect(page.product.createdAt).toBe('1999-12-31T23:59:59.999Z');
    expect(page.product.updatedAt).toBe('2026-02-28T22:05:07.123Z');
    expect(page.reviews[0].createdAt).toBe('2026-01-01T00:00:00.000Z');
    expect(page.reviews[0].comment).toBe('Ünïcödé "quoted" \\ ✓');
  });

  it('follows a size and an SKU changed after the size was made, quotes and all', async () => {
    const product = await createProduct(t.db, {
      sizeScale: 'clothing',
      stock: [
        { size: 'S', onHand: 2 },
        { size: 'M', onHand: 5 },
      ],
    });
    // The shop never renames a size; a fix made in the database must still show, written as JSON.
    await t.db
      .update(productVariants)
      .set({ size: 'L', sku: 'SKU-"Ünïcödé"\\' })
      .where(and(eq(productVariants.productId, product.id), eq(productVariants.size, 'M')));
    const page = await pageOf(product.id);
    expect(page).toStrictEqual(await answerFromRows(product.id));
    expect(page.product.variants.map((v: { size: string; sku: string }) => [v.size, v.sku])).toContainEqual([
      'L',
      'SKU-"Ünïcödé"\\',
    ]);
  });

  it('keeps the newest reviews up to the page maximum, a deleted author as a former customer, ties by id', async () => {
    const product = await createProduct(t.db);
    const made = [];
    for (let i = 0; i < PRODUCT_DETAIL_REVIEWS_MAX + 5; i++) {
      made.push(await createReview(t.db, { userId: reviewerIds[i]!, productId: product.id, rating: 1 + (i % 5) }));
    }
    // Many written in the same moment: their order is then the id's.
    await t.db
      .update(reviews)
      .set({ createdAt: sql`'2026-03-01 12:00:00+00'::timestamptz` })
      .where(
        inArray(
          reviews.id,
          made.slice(0, 40).map((r) => r.id),
        ),
      );
    const gone = await createUser(t.db);
    await createReview(t.db, { userId: gone.id, productId: product.id });
    await t.db.delete(users).where(eq(users.id, gone.id));

    const page = await pageOf(product.id);
    expect(page.reviews).toHaveLength(PRODUCT_DETAIL_REVIEWS_MAX);
    expect(page).toStrictEqual(await answerFromRows(product.id));
    expect(page.reviews[0].userId).toEqual({ _id: null, username: 'Former customer' });
  });

  it('is a product without reviews with an empty list, and a 404 with a message for none', async () => {
    const product = await createProduct(t.db);
    const page = await pageOf(product.id);
    expect(page).toStrictEqual(await answerFromRows(product.id));
    expect(page.reviews).toEqual([]);

    const missing = await t.app.inject({ method: 'GET', url: '/api/products/6f1c1f7e-2b8a-4c1e-9a57-3c1d2e4f5a6b' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Product not found' });
  });
});

describe("a list page's products written by the database", () => {
  it('are the answers of the DTOs, in the order of each sort, with the totals around them', async () => {
    const made = [];
    for (const [i, priceCents] of [1, 30, 1699, 4999, 12_345].entries()) {
      made.push(
        await createProduct(t.db, {
          category: 'jewellery',
          color: 'silver',
          priceCents,
          oldPriceCents: i % 2 ? priceCents + 1 : null,
          rating: i / 3,
          createdAt: new Date(Date.UTC(2020, 0, 1, 0, 0, i, 999)),
          sizeScale: i % 2 ? 'one' : 'clothing',
        }),
      );
    }
    const ids = new Set(made.map((p) => p.id));
    for (const sort of ['newest', 'price_asc', 'price_desc', 'rating'] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/products?category=jewellery&color=silver&sort=${sort}&limit=3&page=1`,
        headers: { 'cache-control': 'no-cache' },
      });
      expect(res.statusCode).toBe(200);
      const body = productListResponseSchema.parse(res.json());
      expect(body).toStrictEqual(res.json());
      // Written without spaces, as JSON.stringify writes: the bytes every page copies and every shopper downloads.
      expect(res.body).toBe(JSON.stringify(body));
      expect(body.totalProducts).toBe(made.length);
      expect(body.totalPages).toBe(2);
      expect(body.products).toHaveLength(3);
      for (const product of body.products) {
        expect(ids.has(product._id)).toBe(true);
        expect(product).toStrictEqual((await answerFromRows(product._id)).product);
      }
      const order = {
        newest: (p: Product) => -Date.parse(p.createdAt),
        price_asc: (p: Product) => p.price,
        price_desc: (p: Product) => -p.price,
        rating: (p: Product) => -p.rating,
      }[sort];
      expect(body.products.map(order)).toEqual(body.products.map(order).sort((a, b) => a - b));
    }
  });

  it('is an empty list past the last page', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/products?category=jewellery&color=silver&limit=3&page=40',
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ products: [], totalPages: 2, totalProducts: 5 });
  });
});
