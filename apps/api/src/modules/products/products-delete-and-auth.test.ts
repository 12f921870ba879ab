import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders, products, reviews } from '../../db/schema';
import { createAdmin, createProduct, createReview, createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: TestUser;
let customer: TestUser;
let otherCustomer: TestUser;

const validInput = {
  name: 'Linen Shirt Dress',
  category: 'dress',
  color: 'beige',
  price: 79.9,
  oldPrice: 99.5,
  description: 'Breezy linen for summer days.',
  image: '/uploads/linen.webp',
};

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.db);
  customer = await createUser(t.db);
  otherCustomer = await createUser(t.db);
});
afterAll(() => t.close());

const countProducts = async () => (await t.db.select({ id: products.id }).from(products)).length;
const productRow = async (id: string) => (await t.db.select().from(products).where(eq(products.id, id)))[0];

function send(method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE', url: string, user?: TestUser, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    ...(user ? { headers: user.headers } : {}),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
}

describe('DELETE /api/products/:id', () => {
  it('deletes the product and its reviews, and order lines keep their snapshot', async () => {
    const product = await createProduct(t.db, { name: 'Doomed Bag' });
    await createReview(t.db, { userId: customer.id, productId: product.id });
    const [order] = await t.db
      .insert(orders)
      .values({
        orderId: 'pay_1',
        checkoutSessionId: 'cs_delete_test',
        email: customer.email,
        subtotalCents: 4999,
        taxCents: 250,
        amountCents: 5249,
      })
      .returning();
    if (!order) throw new Error('order not created');
    await t.db.insert(orderItems).values({
      orderId: order.id,
      productId: product.id,
      name: 'Doomed Bag',
      image: '/uploads/test.webp',
      unitPriceCents: 4999,
      quantity: 1,
    });

    const res = await send('DELETE', `/api/products/${product.id}`, admin);
    expect([res.statusCode, res.json()]).toEqual([200, { message: 'Product deleted successfully' }]);
    expect(await productRow(product.id)).toBeUndefined();
    expect(await t.db.select().from(reviews).where(eq(reviews.productId, product.id))).toEqual([]);
    const lines = await t.db.select().from(orderItems).where(eq(orderItems.orderId, order.id));
    expect(lines).toEqual([expect.objectContaining({ productId: null, name: 'Doomed Bag', unitPriceCents: 4999 })]);

    const again = await send('DELETE', `/api/products/${product.id}`, admin);
    expect([again.statusCode, again.json()]).toEqual([404, { message: 'Product not found' }]);
    const detail = await send('GET', `/api/products/${product.id}`);
    expect([detail.statusCode, detail.json()]).toEqual([404, { message: 'Product not found' }]);
  });

  it('answers 400 for a malformed id', async () => {
    const res = await send('DELETE', '/api/products/drop-table', admin);
    expect([res.statusCode, res.json()]).toEqual([400, { message: 'Invalid params id: Invalid id' }]);
  });
});

describe('authorisation matrix', () => {
  it('declares the expected auth level on every products route', () => {
    const routes = t.app.routeAuth
      .filter((r) => r.url.startsWith('/api/products'))
      .map((r) => `${r.method} ${r.url} ${r.auth}`)
      .sort();
    expect(routes).toEqual([
      'DELETE /api/products/:id admin',
      'GET /api/products public',
      'GET /api/products/:id public',
      'GET /api/products/:id/fit public',
      'GET /api/products/export.csv admin',
      'GET /api/products/facets public',
      'GET /api/products/related/:id public',
      'GET /api/products/suggestions public',
      'PATCH /api/products/update-product/:id admin',
      'POST /api/products/create-product admin',
      'POST /api/products/import admin',
      'PUT /api/products/:id/colours admin',
    ]);
  });

  const callers = ['nobody', 'customer', 'another customer', 'admin'] as const;
  const who = (caller: (typeof callers)[number]) =>
    ({ nobody: undefined, customer, 'another customer': otherCustomer, admin })[caller];

  it.each(callers)('lets %s read the catalogue', async (caller) => {
    const product = await createProduct(t.db);
    for (const url of ['/api/products/', `/api/products/${product.id}`, `/api/products/related/${product.id}`]) {
      const res = await send('GET', url, who(caller));
      expect(res.statusCode, url).toBe(200);
    }
  });

  it.each([
    ['nobody', 401, { message: 'Please log in to continue' }],
    ['customer', 403, { message: 'Only an admin can do that' }],
    ['another customer', 403, { message: 'Only an admin can do that' }],
  ] as const)('refuses %s every product write and changes nothing', async (caller, status, body) => {
    const product = await createProduct(t.db);
    const before = await countProducts();
    const calls = [
      send('POST', '/api/products/create-product', who(caller), validInput),
      send('PATCH', `/api/products/update-product/${product.id}`, who(caller), { name: 'Hijacked' }),
      send('DELETE', `/api/products/${product.id}`, who(caller)),
      send('PUT', `/api/products/${product.id}/colours`, who(caller), {
        colours: [{ color: 'red', pictures: [{ url: '/uploads/red.webp', alt: 'Red' }] }],
      }),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(status);
      expect(res.json()).toEqual(body);
    }
    expect(await countProducts()).toBe(before);
    expect(await productRow(product.id)).toEqual(product);
  });

  it('refuses a forged or expired session as nobody', async () => {
    const product = await createProduct(t.db);
    for (const headers of [{ authorization: 'Bearer not-a-real-token-at-all-123' }, { cookie: 'shop_session=x' }]) {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/products/${product.id}`, headers });
      expect([res.statusCode, res.json()]).toEqual([401, { message: 'Please log in to continue' }]);
    }
    expect(await productRow(product.id)).toEqual(product);
  });

  it('lets the admin write through the session cookie as well as the bearer token', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/products/create-product',
      headers: { cookie: admin.cookie },
      payload: validInput,
    });
    expect([res.statusCode, res.json().message]).toEqual([201, 'Product added successfully']);
  });
});
