import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products, reviews, users } from '../../db/schema';
import { createAdmin, createProduct, createReview, createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
let otherCustomer: TestUser;

const UNKNOWN_ID = '6f1c1f7e-2b8a-4c1e-9a57-3c1d2e4f5a6b';

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.db);
  customer = await createUser(t.db);
  otherCustomer = await createUser(t.db);
});
afterAll(() => t.close());

const post = (user: TestUser | undefined, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/reviews/post-review',
    ...(user ? { headers: user.headers } : {}),
    payload: payload as object,
  });

const get = (url: string, user?: TestUser) =>
  t.app.inject({ method: 'GET', url, ...(user ? { headers: user.headers } : {}) });

const reviewsOf = (productId: string) => t.db.select().from(reviews).where(eq(reviews.productId, productId));
const productRow = async (id: string) => (await t.db.select().from(products).where(eq(products.id, id)))[0];

describe('POST /api/reviews/post-review', () => {
  it('posts as the session user and sets the product rating', async () => {
    const product = await createProduct(t.db);
    const res = await post(customer, { comment: '  Fits well  ', rating: 4, productId: product.id });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({
      message: 'Review posted successfully',
      review: {
        _id: expect.any(String),
        comment: 'Fits well',
        rating: 4,
        userId: { _id: customer.id, username: customer.username },
        productId: product.id,
        size: null,
        fit: null,
        verified: false,
        createdAt: expect.any(String),
        updatedAt: expect.any(String),
      },
    });
    expect(await productRow(product.id)).toMatchObject({ rating: 4, reviewCount: 1 });
  });

  it('updates the same review when the user posts again, and averages to one decimal', async () => {
    const product = await createProduct(t.db);
    const first = await post(customer, { comment: 'Good', rating: 5, productId: product.id, userId: customer.id });
    expect(first.statusCode).toBe(201);
    await createReview(t.db, { userId: otherCustomer.id, productId: product.id, rating: 4 });
    await createReview(t.db, { userId: admin.id, productId: product.id, rating: 4 });

    const again = await post(customer, { comment: 'Even better', rating: 5, productId: product.id });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({
      message: 'Review updated successfully',
      review: expect.objectContaining({ _id: first.json().review._id, comment: 'Even better', rating: 5 }),
    });
    expect(again.json().review.createdAt).toBe(first.json().review.createdAt);
    expect(await productRow(product.id)).toMatchObject({ rating: 4.3, reviewCount: 3 });

    const lower = await post(customer, { comment: 'Shrank in the wash', rating: 1, productId: product.id });
    expect([lower.statusCode, lower.json().review.rating]).toEqual([200, 1]);
    expect(await productRow(product.id)).toMatchObject({ rating: 3, reviewCount: 3 });
    const mine = (await reviewsOf(product.id)).filter((r) => r.userId === customer.id);
    expect(mine).toEqual([expect.objectContaining({ comment: 'Shrank in the wash', rating: 1 })]);
  });

  it("refuses another user's id in the body with 403 and writes nothing", async () => {
    const product = await createProduct(t.db, { rating: 0 });
    const res = await post(customer, { comment: 'Sock puppet', rating: 5, productId: product.id, userId: admin.id });
    expect([res.statusCode, res.json()]).toEqual([403, { message: 'You can only post reviews as yourself' }]);
    expect(await reviewsOf(product.id)).toEqual([]);
    expect(await productRow(product.id)).toMatchObject({ rating: 0, reviewCount: 0 });
  });

  it('answers 404 for an unknown product and writes nothing', async () => {
    const [before] = await t.db.select({ n: count() }).from(reviews);
    const res = await post(customer, { comment: 'Ghost', rating: 3, productId: UNKNOWN_ID });
    expect([res.statusCode, res.json()]).toEqual([404, { message: 'Product not found' }]);
    const [after] = await t.db.select({ n: count() }).from(reviews);
    expect(after).toEqual(before);
  });

  it.each([
    ['rating 0', { rating: 0 }, 'Invalid rating: Rating must be between 1 and 5'],
    ['rating 6', { rating: 6 }, 'Invalid rating: Rating must be between 1 and 5'],
    ['a fractional rating', { rating: 3.5 }, 'Invalid rating: Rating must be a whole number'],
    ['a text rating', { rating: 'five' }, 'Invalid rating: Rating must be a number'],
    ['an empty rating', { rating: '' }, 'Invalid rating: Rating must be a number'],
    ['a fractional rating as text', { rating: '4.5' }, 'Invalid rating: Rating must be a whole number'],
    ['a rating of 0 as text', { rating: '0' }, 'Invalid rating: Rating must be between 1 and 5'],
    ['no rating', { rating: undefined }, 'Invalid rating: Rating is required'],
    ['no comment', { comment: undefined }, 'Invalid comment: Comment is required'],
    ['a blank comment', { comment: '   ' }, 'Invalid comment: Comment is required'],
    ['a numeric comment', { comment: 12 }, 'Invalid comment: Comment is required'],
    [
      'a 1001-character comment',
      { comment: 'c'.repeat(1001) },
      'Invalid comment: Comment must be at most 1000 characters',
    ],
    ['a malformed product id', { productId: "1' OR '1'='1" }, 'Invalid productId: Invalid id'],
    ['no product id', { productId: undefined }, 'Invalid productId: Invalid id'],
    ['a malformed user id', { userId: 'me' }, 'Invalid userId: Invalid id'],
  ])('refuses %s with 400 and writes nothing', async (_label, change, message) => {
    const product = await createProduct(t.db);
    const res = await post(customer, { comment: 'Lovely', rating: 5, productId: product.id, ...change });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message });
    expect(await reviewsOf(product.id)).toEqual([]);
  });

  it('takes a rating written as text, as a form sends it', async () => {
    const product = await createProduct(t.db);
    const res = await post(customer, { comment: 'Fits well', rating: '4', productId: product.id });
    expect(res.statusCode).toBe(201);
    expect(res.json().review).toMatchObject({ rating: 4, comment: 'Fits well' });
    expect(await productRow(product.id)).toMatchObject({ rating: 4, reviewCount: 1 });
  });

  it('accepts a 1000-character comment and ignores extra fields', async () => {
    const product = await createProduct(t.db);
    const res = await post(customer, {
      comment: 'c'.repeat(1000),
      rating: 2,
      productId: product.id,
      _id: UNKNOWN_ID,
      createdAt: '2000-01-01T00:00:00.000Z',
      username: 'admin',
    });
    expect(res.statusCode).toBe(201);
    const review = res.json().review;
    expect(review._id).not.toBe(UNKNOWN_ID);
    expect(review.userId).toEqual({ _id: customer.id, username: customer.username });
    expect(new Date(review.createdAt).getFullYear()).toBeGreaterThan(2000);
  });

  it('refuses nobody with 401 and writes nothing', async () => {
    const product = await createProduct(t.db);
    const res = await post(undefined, { comment: 'Anon', rating: 5, productId: product.id, userId: customer.id });
    expect([res.statusCode, res.json()]).toEqual([401, { message: 'Please log in to continue' }]);
    expect(await reviewsOf(product.id)).toEqual([]);
  });

  it('lets a customer, another customer and the admin each post their own review', async () => {
    const product = await createProduct(t.db);
    for (const [user, rating] of [
      [customer, 5],
      [otherCustomer, 2],
      [admin, 4],
    ] as const) {
      const res = await post(user, { comment: 'Mine', rating, productId: product.id, userId: user.id });
      expect([res.statusCode, res.json().review.userId._id]).toEqual([201, user.id]);
    }
    expect(await productRow(product.id)).toMatchObject({ rating: 3.7, reviewCount: 3 });
  });
});

describe('concurrent reviews', () => {
  it('50 parallel posts by one user on one product leave exactly one review and the right average', async () => {
    const product = await createProduct(t.db);
    await createReview(t.db, { userId: otherCustomer.id, productId: product.id, rating: 1 });
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        post(customer, { comment: `Take ${i}`, rating: (i % 5) + 1, productId: product.id }),
      ),
    );
    const statuses = results.map((r) => r.statusCode);
    expect([statuses.filter((s) => s === 201).length, statuses.filter((s) => s === 200).length]).toEqual([1, 49]);
    const mine = (await reviewsOf(product.id)).filter((r) => r.userId === customer.id);
    expect(mine).toHaveLength(1);
    const kept = mine[0]?.rating ?? 0;
    expect(results.some((r) => r.json().review.rating === kept)).toBe(true);
    expect(await productRow(product.id)).toMatchObject({
      rating: Math.round(((kept + 1) / 2) * 10) / 10,
      reviewCount: 2,
    });
  });

  it('parallel posts by many users on one product lose no review from the average', async () => {
    const product = await createProduct(t.db);
    const shoppers = await Promise.all(Array.from({ length: 20 }, () => createUser(t.db)));
    const results = await Promise.all(
      shoppers.map((user, i) => post(user, { comment: 'Crowd', rating: i < 10 ? 5 : 2, productId: product.id })),
    );
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    expect(await productRow(product.id)).toMatchObject({ rating: 3.5, reviewCount: 20 });
  });
});

describe('GET /api/reviews/total-reviews', () => {
  it('counts every review, for anyone', async () => {
    const [row] = await t.db.select({ n: count() }).from(reviews);
    for (const user of [undefined, customer, otherCustomer, admin]) {
      const res = await get('/api/reviews/total-reviews', user);
      expect([res.statusCode, res.json()]).toEqual([200, { totalReviews: row?.n }]);
    }
    await createReview(t.db, { userId: customer.id, productId: (await createProduct(t.db)).id });
    expect((await get('/api/reviews/total-reviews')).json()).toEqual({ totalReviews: (row?.n ?? 0) + 1 });
  });
});

describe('GET /api/reviews/:userId', () => {
  it("gives the user's reviews newest first with each product's name and image", async () => {
    const reviewer = await createUser(t.db);
    const older = await createProduct(t.db, { name: 'Older Pick' });
    const newer = await createProduct(t.db, { name: 'Newer Pick' });
    const a = await createReview(t.db, { userId: reviewer.id, productId: older.id, rating: 3, comment: 'Ok' });
    const b = await createReview(t.db, { userId: reviewer.id, productId: newer.id, rating: 5, comment: 'Great' });
    await t.db
      .update(reviews)
      .set({ createdAt: new Date(Date.now() - 60_000) })
      .where(eq(reviews.id, a.id));

    const res = await get(`/api/reviews/${reviewer.id}`, reviewer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      reviews: [
        {
          _id: b.id,
          comment: 'Great',
          rating: 5,
          userId: { _id: reviewer.id, username: reviewer.username },
          productId: newer.id,
          size: null,
          fit: null,
          verified: false,
          createdAt: b.createdAt.toISOString(),
          updatedAt: b.updatedAt.toISOString(),
          product: { _id: newer.id, name: 'Newer Pick', image: '/uploads/test.webp' },
        },
        expect.objectContaining({
          _id: a.id,
          product: { _id: older.id, name: 'Older Pick', image: '/uploads/test.webp' },
        }),
      ],
    });
    const asAdmin = await get(`/api/reviews/${reviewer.id}`, admin);
    expect([asAdmin.statusCode, asAdmin.json()]).toEqual([200, res.json()]);
  });

  it('gives an empty list to a user without reviews', async () => {
    const quiet = await createUser(t.db);
    expect((await get(`/api/reviews/${quiet.id}`, quiet)).json()).toEqual({ reviews: [] });
  });

  it("refuses another customer's reviews with 403, nobody with 401", async () => {
    const other = await get(`/api/reviews/${customer.id}`, otherCustomer);
    expect([other.statusCode, other.json()]).toEqual([403, { message: 'You can only see your own reviews' }]);
    const unknownToCustomer = await get(`/api/reviews/${UNKNOWN_ID}`, otherCustomer);
    expect(unknownToCustomer.statusCode).toBe(403);
    const nobody = await get(`/api/reviews/${customer.id}`);
    expect([nobody.statusCode, nobody.json()]).toEqual([401, { message: 'Please log in to continue' }]);
  });

  it('answers 404 for an unknown user and 400 for a malformed id', async () => {
    const unknown = await get(`/api/reviews/${UNKNOWN_ID}`, admin);
    expect([unknown.statusCode, unknown.json()]).toEqual([404, { message: 'User not found' }]);
    const malformed = await get('/api/reviews/someone', admin);
    expect([malformed.statusCode, malformed.json()]).toEqual([400, { message: 'Invalid params userId: Invalid id' }]);
  });

  it('keeps reviews of a deleted user on the product and out of any user list', async () => {
    const leaving = await createUser(t.db);
    const product = await createProduct(t.db);
    await post(leaving, { comment: 'Bye', rating: 5, productId: product.id });
    await t.db.delete(users).where(eq(users.id, leaving.id));
    expect(await reviewsOf(product.id)).toEqual([expect.objectContaining({ userId: null, comment: 'Bye' })]);
    const res = await get(`/api/reviews/${leaving.id}`, admin);
    expect([res.statusCode, res.json()]).toEqual([404, { message: 'User not found' }]);
  });
});

describe('authorisation matrix', () => {
  it('declares the expected auth level on every reviews route', () => {
    const routes = t.app.routeAuth
      .filter((r) => r.url.startsWith('/api/reviews'))
      .map((r) => `${r.method} ${r.url} ${r.auth}`)
      .sort();
    expect(routes).toEqual([
      'GET /api/reviews/:userId owner-or-admin',
      'GET /api/reviews/total-reviews public',
      'POST /api/reviews/post-review customer',
    ]);
  });
});
