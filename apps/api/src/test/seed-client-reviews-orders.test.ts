import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions } from '../db/schema';
import { submitCard } from './checkout-test-kit';
import {
  admin,
  customer,
  customerAccount,
  dress,
  ring,
  startSeedClientShop,
  stopSeedClientShop,
  t,
  visitor,
} from './seed-client-test-kit';

/**
 * The seed screens' reviews, then orders, checkout and stats calls (see seed-client-test-kit.ts): in one
 * file, in this order, because the customer's stats count the reviews posted before.
 */
beforeAll(startSeedClientShop);
afterAll(stopSeedClientShop);

describe("the seed screens' reviews calls", () => {
  it('POST /api/reviews/post-review with comment, rating, userId and productId', async () => {
    const res = await customer.send('POST', '/api/reviews/post-review', {
      comment: 'Fits true to size.',
      rating: 4,
      userId: customer.user._id,
      productId: dress.id,
    });
    expect(res.statusCode).toBe(201);
    const asText = await customer.send('POST', '/api/reviews/post-review', {
      comment: 'Even better after a wash.',
      rating: '5',
      userId: customer.user._id,
      productId: ring.id,
    });
    expect(asText.statusCode).toBe(201);
    expect(asText.json().review.rating).toBe(5);
  });

  it("POST /api/reviews/post-review with another user's id is still refused", async () => {
    const res = await customer.send('POST', '/api/reviews/post-review', {
      comment: 'Sock puppet',
      rating: 5,
      userId: admin.user._id,
      productId: dress.id,
    });
    expect(res.statusCode).toBe(403);
  });

  it('GET /api/reviews/total-reviews', async () => {
    const res = await visitor.send('GET', '/api/reviews/total-reviews');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ totalReviews: expect.any(Number) });
  });

  it('GET /api/reviews/{userId} answers { reviews } newest first', async () => {
    const res = await customer.send('GET', `/api/reviews/${customer.user._id}`);
    expect(res.statusCode).toBe(200);
    const { reviews } = res.json();
    expect(reviews.map((r: { comment: string }) => r.comment)).toEqual([
      'Even better after a wash.',
      'Fits true to size.',
    ]);
    expect(reviews[0]).toMatchObject({ rating: 5, productId: ring.id, userId: { username: 'seed-shopper' } });
  });
});

describe("the seed screens' orders, checkout and stats calls", () => {
  let orderId: string;

  it('POST /api/orders/create-checkout-session with whole cart items at client prices, then confirm-payment', async () => {
    // The cart panel sends the products as the cart holds them: every field, a tampered price included.
    const cart = [
      { ...(await visitor.send('GET', `/api/products/${dress.id}`)).json().product, price: 0.01, quantity: 2 },
      { ...(await visitor.send('GET', `/api/products/${ring.id}`)).json().product, price: 1, quantity: 1 },
    ];
    const res = await customer.send('POST', '/api/orders/create-checkout-session', {
      product: cart,
      userId: admin.user._id,
    });
    expect(res.statusCode).toBe(200);
    const { id } = res.json();
    expect(id).toEqual(expect.any(String));
    // Priced from the catalogue for the session's own customer: 2 x 49.99 + 250.00 + 5% tax.
    const [record] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
    expect(record).toMatchObject({ amountCents: 36_748, email: customerAccount.email, userId: customer.user._id });

    expect((await submitCard(t.app, id)).statusCode).toBe(303);
    const confirmed = await customer.send('POST', '/api/orders/confirm-payment', { session_id: id });
    expect(confirmed.statusCode).toBe(200);
    const { order } = confirmed.json();
    expect(order).toMatchObject({ amount: 367.48, status: 'pending', email: customerAccount.email });
    orderId = order._id;
  });

  it('POST /api/orders/create-checkout-session from a visitor: a hosted checkout, which asks for the e-mail', async () => {
    // The cart panel of a visitor sends the cart and no user (its userId is undefined, so JSON drops it).
    const cart = [{ ...(await visitor.send('GET', `/api/products/${ring.id}`)).json().product, quantity: 1 }];
    const res = await visitor.send('POST', '/api/orders/create-checkout-session', { product: cart });
    expect(res.statusCode, res.body).toBe(200);
    const { id, url } = res.json();
    expect(url).toBe(`/checkout/pay/${encodeURIComponent(id)}`);
    const page = await visitor.send('GET', url);
    expect(page.body).toContain('name="email" type="email"');
  });

  it('GET /api/orders/{email} for the customer orders and payments pages', async () => {
    const res = await customer.send('GET', `/api/orders/${customerAccount.email}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      expect.objectContaining({ _id: orderId, orderId: expect.any(String), amount: 367.48, status: 'pending' }),
    ]);
  });

  it('GET /api/orders/order/{id}', async () => {
    const res = await customer.send('GET', `/api/orders/order/${orderId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ _id: orderId, status: 'pending', createdAt: expect.any(String) });
  });

  it('GET /api/orders for the admin', async () => {
    const res = await admin.send('GET', '/api/orders');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContainEqual(expect.objectContaining({ _id: orderId, email: customerAccount.email }));
  });

  it('PATCH /api/orders/update-order-status/{id} with {status}', async () => {
    const res = await admin.send('PATCH', `/api/orders/update-order-status/${orderId}`, { status: 'shipped' });
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({ _id: orderId, status: 'shipped' });
  });

  it('GET /api/stats/user-stats/{id}, and by e-mail from the admin screens', async () => {
    const byId = await customer.send('GET', `/api/stats/user-stats/${customer.user._id}`);
    expect(byId.statusCode).toBe(200);
    expect(byId.json()).toEqual({ totalPayments: 367.48, totalReviews: 2, totalPurchasedProducts: 3 });
    const byEmail = await admin.send('GET', `/api/stats/user-stats/${customerAccount.email}`);
    expect([byEmail.statusCode, byEmail.json()]).toEqual([200, byId.json()]);
  });

  it('GET /api/stats/admin-stats', async () => {
    const res = await admin.send('GET', '/api/stats/admin-stats');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      totalOrders: expect.any(Number),
      totalProducts: expect.any(Number),
      totalReviews: expect.any(Number),
      totalUsers: expect.any(Number),
      totalEarnings: expect.any(Number),
      monthlyEarnings: expect.any(Array),
    });
    expect(res.json().monthlyEarnings).toHaveLength(12);
  });

  it('DELETE /api/orders/delete-order/{id}', async () => {
    expect((await admin.send('DELETE', `/api/orders/delete-order/${orderId}`)).statusCode).toBe(200);
    expect((await admin.send('GET', `/api/orders/order/${orderId}`)).statusCode).toBe(404);
  });
});
