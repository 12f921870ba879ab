import { ORDER_STATUSES } from '@shop/contract/constants';
import type { Order } from '@shop/contract/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, products } from '../../db/schema';
import { confirm, openSession, submitCard } from '../../test/checkout-test-kit';
import { createAdmin, createProduct, createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
/** A line of a one-size product keeps its size and SKU after the product is gone. */
const sku = expect.stringMatching(/^LB-[0-9A-F]{16}-OS$/);
const oneSizeLine = { _id: expect.any(String), size: 'One size', colour: null, sku };
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.db);
});
afterAll(() => t.close());

/** A paid and confirmed order of `user`, made through the real buy flow. */
async function placeOrder(user: TestUser, priceCents = 2000): Promise<{ order: Order; sessionId: string }> {
  const product = await createProduct(t.db, { priceCents });
  const { id } = await openSession(t.app, user, [{ _id: product.id, quantity: 1 }]);
  expect((await submitCard(t.app, id)).statusCode).toBe(303);
  const res = await confirm(t.app, user, id);
  expect(res.statusCode).toBe(200);
  return { order: res.json().order, sessionId: id };
}

const get = (url: string, user?: TestUser) => t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });

describe('the orders routes declare who may call them', () => {
  it('answers 401 without a session and 403 to a customer on admin routes', async () => {
    const customer = await createUser(t.db);
    const routes = t.app.routeAuth.filter((r) => r.url.startsWith('/api/orders'));
    expect(routes.map((r) => `${r.method} ${r.url} ${r.auth}`).sort()).toEqual([
      'DELETE /api/orders/delete-order/:id admin',
      'GET /api/orders admin',
      'GET /api/orders/:email owner-or-admin',
      'GET /api/orders/guest/:token public',
      'GET /api/orders/order/:id owner-or-admin',
      'GET /api/orders/payment-config public',
      'PATCH /api/orders/update-order-status/:id admin',
      'POST /api/orders/confirm-payment public',
      'POST /api/orders/create-checkout-session public',
      'POST /api/orders/refund/:id admin',
      'POST /api/orders/webhook public',
    ]);
    const id = crypto.randomUUID();
    const concrete = (url: string) =>
      url.replace(':id', id).replace(':email', encodeURIComponent(customer.email)).replace(/\/$/, '');
    for (const route of routes.filter((r) => r.auth !== 'public')) {
      const method = route.method as 'GET';
      const anonymous = await t.app.inject({ method, url: concrete(route.url), payload: {} });
      expect(anonymous.statusCode, `${route.method} ${route.url}`).toBe(401);
      expect(anonymous.json()).toEqual({ message: 'Please log in to continue' });
      if (route.auth === 'admin') {
        const res = await t.app.inject({ method, url: concrete(route.url), headers: customer.headers, payload: {} });
        expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
        expect(res.json()).toEqual({ message: 'Only an admin can do that' });
      }
    }
  });
});

describe('GET /api/orders/:email', () => {
  it("lists a customer's own orders, newest first, with an empty list when none", async () => {
    const user = await createUser(t.db);
    const none = await get(`/api/orders/${encodeURIComponent(user.email)}`, user);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toEqual([]);

    const first = await placeOrder(user, 1000);
    const second = await placeOrder(user, 3000);
    const res = await get(`/api/orders/${encodeURIComponent(user.email.toUpperCase())}`, user);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([second.order, first.order]);
  });

  it("refuses another customer's e-mail and lets an admin read any", async () => {
    const owner = await createUser(t.db);
    const stranger = await createUser(t.db);
    const { order } = await placeOrder(owner);
    const refused = await get(`/api/orders/${encodeURIComponent(owner.email)}`, stranger);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'You can only see your own orders' });
    const byAdmin = await get(`/api/orders/${encodeURIComponent(owner.email)}`, admin);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toEqual([order]);
    const malformed = await get('/api/orders/not-an-email', admin);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'Invalid params email: Invalid e-mail address' });
  });
});

describe('GET /api/orders/order/:id', () => {
  it('shows an order to its owner and an admin only', async () => {
    const owner = await createUser(t.db);
    const stranger = await createUser(t.db);
    const { order } = await placeOrder(owner);

    const mine = await get(`/api/orders/order/${order._id}`, owner);
    expect(mine.statusCode).toBe(200);
    expect(mine.json()).toEqual(order);
    const refused = await get(`/api/orders/order/${order._id}`, stranger);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'You can only see your own orders' });
    expect((await get(`/api/orders/order/${order._id}`, admin)).json()).toEqual(order);

    const unknown = await get(`/api/orders/order/${crypto.randomUUID()}`, owner);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Order not found' });
    const malformed = await get('/api/orders/order/42', owner);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json()).toEqual({ message: 'Invalid params id: Invalid id' });
  });

  it('keeps the snapshot when the catalogue changes or the product is deleted', async () => {
    const user = await createUser(t.db);
    const product = await createProduct(t.db, { name: 'Linen Shirt', priceCents: 4500 });
    const { id } = await openSession(t.app, user, [{ _id: product.id, quantity: 2 }]);
    await submitCard(t.app, id);
    const { order } = (await confirm(t.app, user, id)).json();

    await t.db.update(products).set({ name: 'Renamed', priceCents: 1 }).where(eq(products.id, product.id));
    const edited = (await get(`/api/orders/order/${order._id}`, user)).json();
    expect(edited.products).toEqual([
      {
        ...oneSizeLine,
        productId: product.id,
        name: 'Linen Shirt',
        image: '/uploads/test.webp',
        price: 45,
        quantity: 2,
      },
    ]);
    await t.db.delete(products).where(eq(products.id, product.id));
    const deleted = (await get(`/api/orders/order/${order._id}`, user)).json();
    expect(deleted.products).toEqual([
      { ...oneSizeLine, productId: null, name: 'Linen Shirt', image: '/uploads/test.webp', price: 45, quantity: 2 },
    ]);
    // $90.00 of items, 5% tax and $5.00 Standard shipping (free only from $100.00).
    expect(deleted.amount).toBe(99.5);
  });

  it('makes the order even when a product was deleted between payment and confirmation', async () => {
    const user = await createUser(t.db);
    const product = await createProduct(t.db, { name: 'Last Piece', priceCents: 1000 });
    const { id } = await openSession(t.app, user, [{ _id: product.id, quantity: 1 }]);
    await t.db.delete(products).where(eq(products.id, product.id));
    expect((await submitCard(t.app, id)).statusCode).toBe(303);
    const res = await confirm(t.app, user, id);
    expect(res.statusCode).toBe(200);
    expect(res.json().order.products).toEqual([
      { ...oneSizeLine, productId: null, name: 'Last Piece', image: '/uploads/test.webp', price: 10, quantity: 1 },
    ]);
  });
});

describe('GET /api/orders', () => {
  it('lists every order for an admin, newest first, paged on request, with the total in a header', async () => {
    const other = await createTestApp();
    try {
      const otherAdmin = await createAdmin(other.db);
      const user = await createUser(other.db);
      const product = await createProduct(other.db, { priceCents: 1000 });
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const { id } = await openSession(other.app, user, [{ _id: product.id, quantity: i + 1 }]);
        await submitCard(other.app, id);
        ids.push((await confirm(other.app, user, id)).json().order._id);
      }
      const newestFirst = [...ids].reverse();
      const all = await other.app.inject({ method: 'GET', url: '/api/orders', headers: otherAdmin.headers });
      expect(all.statusCode).toBe(200);
      expect(all.headers['x-total-count']).toBe('5');
      expect(all.json().map((o: Order) => o._id)).toEqual(newestFirst);
      expect(all.json()[0].products).toHaveLength(1);

      const page2 = await other.app.inject({
        method: 'GET',
        url: '/api/orders?page=2&limit=2',
        headers: otherAdmin.headers,
      });
      expect(page2.statusCode).toBe(200);
      expect(page2.json().map((o: Order) => o._id)).toEqual(newestFirst.slice(2, 4));
      expect(page2.headers['x-total-count']).toBe('5');
      const beyond = await other.app.inject({ method: 'GET', url: '/api/orders?page=9', headers: otherAdmin.headers });
      expect(beyond.json()).toEqual([]);

      for (const query of ['limit=0', 'limit=101', 'page=0', 'page=abc']) {
        const bad = await other.app.inject({ method: 'GET', url: `/api/orders?${query}`, headers: otherAdmin.headers });
        expect(bad.statusCode, query).toBe(400);
        expect(bad.json().message).toMatch(/^Invalid querystring (limit|page): /);
      }
    } finally {
      await other.close();
    }
  });
});

describe('PATCH /api/orders/update-order-status/:id', () => {
  it('lets an admin set any of the four statuses and nothing else', async () => {
    const user = await createUser(t.db);
    const { order, sessionId } = await placeOrder(user);
    for (const status of ORDER_STATUSES) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/orders/update-order-status/${order._id}`,
        headers: admin.headers,
        payload: { status },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({
        message: 'Order status updated successfully!',
        order: { ...order, status, updatedAt: expect.any(String) },
      });
      expect(Date.parse(res.json().order.updatedAt)).toBeGreaterThanOrEqual(Date.parse(order.updatedAt));
    }
    for (const status of ['cancelled', '', 'PENDING', 3, null]) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/orders/update-order-status/${order._id}`,
        headers: admin.headers,
        payload: { status },
      });
      expect(res.statusCode, String(status)).toBe(400);
      expect(res.json()).toEqual({
        message: 'Invalid status: Status must be one of pending, processing, shipped, completed',
      });
    }
    const byOwner = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/update-order-status/${order._id}`,
      headers: user.headers,
      payload: { status: 'pending' },
    });
    expect(byOwner.statusCode).toBe(403);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row?.status).toBe('completed');

    // A repeated confirmation never resets the status of the existing order.
    const again = await confirm(t.app, user, sessionId);
    expect(again.statusCode).toBe(200);
    expect(again.json().order.status).toBe('completed');

    const unknown = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/update-order-status/${crypto.randomUUID()}`,
      headers: admin.headers,
      payload: { status: 'shipped' },
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Order not found' });
  });
});

describe('DELETE /api/orders/delete-order/:id', () => {
  it('lets an admin delete an order, which a late confirmation does not bring back', async () => {
    const user = await createUser(t.db);
    const { order, sessionId } = await placeOrder(user);
    const byOwner = await t.app.inject({
      method: 'DELETE',
      url: `/api/orders/delete-order/${order._id}`,
      headers: user.headers,
    });
    expect(byOwner.statusCode).toBe(403);
    expect(await t.db.select().from(orders).where(eq(orders.id, order._id))).toHaveLength(1);

    const res = await t.app.inject({
      method: 'DELETE',
      url: `/api/orders/delete-order/${order._id}`,
      headers: admin.headers,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Order deleted successfully' });
    const twice = await t.app.inject({
      method: 'DELETE',
      url: `/api/orders/delete-order/${order._id}`,
      headers: admin.headers,
    });
    expect(twice.statusCode).toBe(404);
    expect(twice.json()).toEqual({ message: 'Order not found' });

    const late = await confirm(t.app, user, sessionId);
    expect(late.statusCode).toBe(404);
    expect(late.json()).toEqual({ message: 'The order for this checkout session was deleted' });
    expect(await t.db.select().from(orders).where(eq(orders.checkoutSessionId, sessionId))).toHaveLength(0);
  });
});

describe('GET /api/orders/payment-config', () => {
  it('tells the web app the builtin provider needs no script', async () => {
    const res = await get('/api/orders/payment-config');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ provider: 'builtin', publishableKey: null });
  });
});
