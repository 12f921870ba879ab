import { SIZE_SCALES } from '@shop/contract/sizes';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reviews } from '../../db/schema';
import { createProduct, createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { placeOrder } from '../fit/fit-test-kit';

/** A review's size bought, its fit answer, and the verified mark the shop alone decides. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const post = (user: TestUser, payload: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/api/reviews/post-review', headers: user.headers, payload });

const dress = () =>
  createProduct(t.db, {
    sizeScale: 'clothing',
    stock: SIZE_SCALES.clothing.filter((s) => s !== 'XL').map((size) => ({ size, onHand: 10 })),
  });

const rowOf = async (id: string) => (await t.db.select().from(reviews).where(eq(reviews.id, id)))[0];

describe('POST /api/reviews/post-review with a size and a fit', () => {
  it('keeps the size and fit, and shows them with the verified mark on the product page', async () => {
    const product = await dress();
    const buyer = await createUser(t.db);
    await placeOrder(t.db, buyer.id, [{ product, size: 'M' }]);
    const res = await post(buyer, { comment: 'Snug', rating: 4, productId: product.id, size: 'M', fit: 'runs_small' });
    expect(res.statusCode).toBe(201);
    expect(res.json().review).toMatchObject({ size: 'M', fit: 'runs_small', verified: true });

    const page = await t.app.inject({ method: 'GET', url: `/api/products/${product.id}` });
    expect(page.json().reviews).toEqual([
      expect.objectContaining({ _id: res.json().review._id, size: 'M', fit: 'runs_small', verified: true }),
    ]);
  });

  it('does not verify a customer who never bought the product, whatever the client sends', async () => {
    const product = await dress();
    const stranger = await createUser(t.db);
    // An order of another product, and a cancelled one of this product, are not a purchase of it.
    await placeOrder(t.db, stranger.id, [{ product: await dress(), size: 'S' }]);
    await placeOrder(t.db, stranger.id, [{ product, size: 'S' }], { status: 'cancelled' });
    const res = await post(stranger, { comment: 'Looks nice', rating: 5, productId: product.id, verified: true });
    expect(res.statusCode).toBe(201);
    expect(res.json().review).toMatchObject({ size: null, fit: null, verified: false });
    expect(await rowOf(res.json().review._id)).toMatchObject({ verified: false, sizeBought: null, fit: null });
  });

  it('takes an empty size and fit as not said, and a second post replaces both', async () => {
    const product = await dress();
    const buyer = await createUser(t.db);
    const first = await post(buyer, {
      comment: 'Fine',
      rating: 3,
      productId: product.id,
      size: 'S',
      fit: 'runs_large',
    });
    expect(first.json().review).toMatchObject({ size: 'S', fit: 'runs_large', verified: false });
    await placeOrder(t.db, buyer.id, [{ product, size: 'S' }]);
    const again = await post(buyer, { comment: 'Fine', rating: 3, productId: product.id, size: '', fit: '' });
    expect(again.statusCode).toBe(200);
    expect(again.json().review).toMatchObject({ size: null, fit: null, verified: true });
  });

  it('refuses a size the product is not sold in, a size of no scale and an unknown fit, writing nothing', async () => {
    const product = await dress();
    const customer = await createUser(t.db);
    const base = { comment: 'Hmm', rating: 3, productId: product.id };
    const notSold = await post(customer, { ...base, size: 'XL' });
    expect([notSold.statusCode, notSold.json().message]).toEqual([400, 'This product does not come in size XL']);
    const noScale = await post(customer, { ...base, size: 'XXL' });
    expect(noScale.statusCode).toBe(400);
    expect(noScale.json().message).toMatch(/Size must be one of/);
    const badFit = await post(customer, { ...base, fit: 'tight' });
    expect(badFit.statusCode).toBe(400);
    expect(badFit.json().message).toMatch(/Choose how it fits/);
    expect(await t.db.select().from(reviews).where(eq(reviews.productId, product.id))).toEqual([]);
  });
});
