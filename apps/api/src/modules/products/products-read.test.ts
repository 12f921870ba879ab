import type { Product } from '@shop/contract/products';
import { UNSTORABLE_TEXT_MESSAGE } from '@shop/contract/text';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews, users } from '../../db/schema';
import { createAdmin, createProduct, createReview, createUser, PLENTY, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let customer: TestUser;

const UNKNOWN_ID = '6f1c1f7e-2b8a-4c1e-9a57-3c1d2e4f5a6b';

beforeAll(async () => {
  t = await createTestApp();
  await createAdmin(t.db);
  customer = await createUser(t.db);
  await createUser(t.db);
});
afterAll(() => t.close());

function send(method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, user?: TestUser, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    ...(user ? { headers: user.headers } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

describe('GET /api/products/:id', () => {
  it('gives the product and its reviews newest first, a deleted author as a former customer', async () => {
    const product = await createProduct(t.db, { name: 'Velvet Clutch', category: 'accessories', color: 'green' });
    const gone = await createUser(t.db, { username: 'gone' });
    const older = await createReview(t.db, { userId: customer.id, productId: product.id, rating: 4, comment: 'Nice' });
    const newer = await createReview(t.db, { userId: gone.id, productId: product.id, rating: 2, comment: 'Meh' });
    await t.db
      .update(reviews)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(reviews.id, older.id));
    await t.db.delete(users).where(eq(users.id, gone.id));

    const res = await send('GET', `/api/products/${product.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      product: {
        _id: product.id,
        name: 'Velvet Clutch',
        category: 'accessories',
        description: 'A test product.',
        price: 49.99,
        oldPrice: null,
        image: '/uploads/test.webp',
        color: 'green',
        rating: 0,
        reviewCount: 0,
        author: null,
        createdAt: product.createdAt.toISOString(),
        updatedAt: product.updatedAt.toISOString(),
        sizeScale: 'one',
        colours: [
          {
            color: 'green',
            name: 'Green',
            swatch: '#2f6b4f',
            price: null,
            pictures: [{ url: '/uploads/test.webp', alt: 'Velvet Clutch' }],
          },
        ],
        variants: [
          { size: 'One size', colour: 'green', sku: expect.stringMatching(/^LB-[0-9A-F]{16}-OS$/), available: PLENTY },
        ],
        inStock: true,
      },
      reviews: [
        {
          _id: newer.id,
          comment: 'Meh',
          rating: 2,
          userId: { _id: null, username: 'Former customer' },
          productId: product.id,
          size: null,
          fit: null,
          verified: false,
          createdAt: newer.createdAt.toISOString(),
          updatedAt: newer.updatedAt.toISOString(),
        },
        expect.objectContaining({ _id: older.id, userId: { _id: customer.id, username: customer.username } }),
      ],
    });
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    expect((await send('GET', `/api/products/${UNKNOWN_ID}`)).json()).toEqual({ message: 'Product not found' });
    expect((await send('GET', `/api/products/${UNKNOWN_ID}`)).statusCode).toBe(404);
    for (const bad of ['abc', '123', "1'%20OR%20'1'='1", `${UNKNOWN_ID}x`]) {
      const res = await send('GET', `/api/products/${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json()).toEqual({ message: 'Invalid params id: Invalid id' });
    }
    const nul = await send('GET', '/api/products/%00');
    expect([nul.statusCode, nul.json()]).toEqual([400, { message: `Invalid params id: ${UNSTORABLE_TEXT_MESSAGE}` }]);
  });
});

describe('GET /api/products/related/:id', () => {
  const related = async (id: string) => {
    const res = await send('GET', `/api/products/related/${id}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Product[];
  };

  it('gives shared-word products first, then the same category by rating, never the product itself', async () => {
    const base = await createProduct(t.db, { name: 'Zephyr Satin Gown', category: 'cosmetics', rating: 1 });
    const sharedLow = await createProduct(t.db, { name: 'ZEPHYR silk shawl', category: 'jewellery', rating: 2 });
    const sharedHigh = await createProduct(t.db, { name: 'Satin-trim bag', category: 'accessories', rating: 4 });
    const sameCategory = await createProduct(t.db, { name: 'Rose Balm', category: 'cosmetics', rating: 5 });
    const substringOnly = await createProduct(t.db, { name: 'Zephyrine Cape', category: 'dress', rating: 5 });
    const unrelated = await createProduct(t.db, { name: 'Wool Coat', category: 'dress', rating: 5 });

    const ids = (await related(base.id)).map((p) => p._id);
    expect(ids).toEqual([sharedHigh.id, sharedLow.id, sameCategory.id]);
    expect(ids).not.toContain(base.id);
    expect(ids).not.toContain(substringOnly.id);
    expect(ids).not.toContain(unrelated.id);
  });

  it('gives at most 8', async () => {
    const base = await createProduct(t.db, { name: 'Quokka Tote', category: 'accessories' });
    for (let i = 0; i < 10; i++) await createProduct(t.db, { name: `Quokka print ${i}`, category: 'dress' });
    const list = await related(base.id);
    expect(list).toHaveLength(8);
    expect(list.every((p) => p.name.startsWith('Quokka print'))).toBe(true);
  });

  it('is safe for any name: quotes, LIKE wildcards, regex syntax, backslashes and emoji', async () => {
    const hostile = [
      'O\'Brien\'s 100% _silk_ (.*) [a-z]+ \\d{3} $1 😀🧣 "quoted"',
      '%%% ___ ... ***',
      'Ünïcödé Ærø façade',
      'x',
      "'; DROP TABLE products; --",
    ];
    const other = await createProduct(t.db, { name: 'Plain Hat', category: 'dress', rating: 5 });
    for (const name of hostile) {
      const product = await createProduct(t.db, { name, category: 'cosmetics' });
      const list = await related(product.id);
      expect(list.length).toBeLessThanOrEqual(8);
      expect(list.map((p) => p._id)).not.toContain(product.id);
      expect(list.map((p) => p._id)).not.toContain(other.id);
    }
    const twin = await createProduct(t.db, { name: "O'Brien's tweed", category: 'dress' });
    const first = await createProduct(t.db, { name: "O'Brien's 100% _silk_ scarf", category: 'jewellery' });
    expect((await related(first.id)).map((p) => p._id)).toContain(twin.id);
  });

  it('answers 404 for an unknown id and 400 for a malformed one', async () => {
    const unknown = await send('GET', `/api/products/related/${UNKNOWN_ID}`);
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: 'Product not found' }]);
    const malformed = await send('GET', '/api/products/related/not-an-id');
    expect([malformed.statusCode, malformed.json()]).toEqual([400, { message: 'Invalid params id: Invalid id' }]);
  });
});
