import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions, products, users } from '../db/schema';
import { submitCard } from './checkout-test-kit';
import { createAdmin, createProduct, createUser, TEST_PASSWORD, type TestUser } from './factories';
import { createTestApp, type TestApp } from './test-app';

/**
 * Every call the seed's React screens make, as they build it: the same method and path, the query
 * string with its empty values, the JSON body with the extra fields those screens add (`userId`,
 * `author`, whole cart items with their client prices), and the session cookie the browser keeps from
 * the login. Each test checks the status and the fields that screen reads from the answer.
 */

let t: TestApp;

/** A browser of the seed's client: the cookie from its login rides on every later call. */
interface SeedBrowser {
  user: { _id: string; email: string; username: string; role: string };
  send(method: string, url: string, body?: unknown): Promise<LightMyRequestResponse>;
}

async function seedBrowser(account: TestUser): Promise<SeedBrowser> {
  const login = await t.app.inject({
    method: 'POST',
    url: '/api/auth/login',
    payload: { email: account.email, password: TEST_PASSWORD },
  });
  expect(login.statusCode).toBe(200);
  const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  return {
    user: login.json().user,
    send: (method, url, body) =>
      t.app.inject({
        method: method as 'GET',
        url,
        headers: { cookie },
        ...(body === undefined ? {} : { payload: body as object }),
      }),
  };
}

/** A visitor who never logged in. */
const visitor = {
  send: (method: string, url: string, body?: unknown) =>
    t.app.inject({ method: method as 'GET', url, ...(body === undefined ? {} : { payload: body as object }) }),
};

let admin: SeedBrowser;
let customer: SeedBrowser;
let customerAccount: TestUser;
let dress: Awaited<ReturnType<typeof createProduct>>;
let ring: Awaited<ReturnType<typeof createProduct>>;

beforeAll(async () => {
  t = await createTestApp();
  admin = await seedBrowser(await createAdmin(t.db));
  customerAccount = await createUser(t.db, { username: 'seed-shopper' });
  customer = await seedBrowser(customerAccount);
  dress = await createProduct(t.db, { name: 'Wrap Dress', category: 'dress', color: 'red', priceCents: 4999 });
  ring = await createProduct(t.db, { name: 'Band Ring', category: 'jewellery', color: 'gold', priceCents: 25_000 });
});
afterAll(() => t.close());

const listShape = {
  products: expect.any(Array),
  totalPages: expect.any(Number),
  totalProducts: expect.any(Number),
};

describe("the seed screens' auth and users calls", () => {
  it('POST /api/auth/register with the registration form', async () => {
    const res = await visitor.send('POST', '/api/auth/register', {
      username: 'new-seed-user',
      email: 'new-seed-user@example.test',
      password: 'a-long-password',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ username: 'new-seed-user', role: 'user' });
  });

  it('POST /api/auth/login answers the token and the user the screens keep', async () => {
    const res = await visitor.send('POST', '/api/auth/login', {
      email: customerAccount.email,
      password: TEST_PASSWORD,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      token: expect.any(String),
      user: { _id: customerAccount.id, email: customerAccount.email, username: 'seed-shopper', role: 'user' },
    });
  });

  it('POST /api/auth/logout with no body', async () => {
    const browser = await seedBrowser(await createUser(t.db));
    const res = await browser.send('POST', '/api/auth/logout');
    expect(res.statusCode).toBe(200);
    expect((await browser.send('GET', '/api/auth/me')).statusCode).toBe(401);
  });

  it('GET /api/auth/users for the users table', async () => {
    const res = await admin.send('GET', '/api/auth/users');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toContainEqual(
      expect.objectContaining({ _id: customerAccount.id, username: 'seed-shopper', email: customerAccount.email }),
    );
  });

  it('PUT /api/auth/users/{userId} with {role} from the role modal', async () => {
    const target = await createUser(t.db);
    const res = await admin.send('PUT', `/api/auth/users/${target.id}`, { role: 'admin' });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ _id: target.id, role: 'admin' });
  });

  it('DELETE /api/auth/users/{userId}', async () => {
    const target = await createUser(t.db);
    expect((await admin.send('DELETE', `/api/auth/users/${target.id}`)).statusCode).toBe(200);
    expect(await t.db.select().from(users).where(eq(users.id, target.id))).toEqual([]);
  });

  it('PATCH /api/auth/edit-profile with every field, blank ones empty, and the userId', async () => {
    const res = await customer.send('PATCH', '/api/auth/edit-profile', {
      username: 'seed-shopper',
      bio: '',
      profileImage: '',
      profession: '',
      userId: customer.user._id,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({
      _id: customer.user._id,
      username: 'seed-shopper',
      bio: '',
      profileImage: '',
      profession: '',
    });

    const filled = await customer.send('PATCH', '/api/auth/edit-profile', {
      username: 'seed-shopper',
      bio: 'Loves linen.',
      profileImage: 'https://images.example.test/me.png',
      profession: 'Tailor',
      userId: customer.user._id,
    });
    expect(filled.json().user).toMatchObject({ profileImage: 'https://images.example.test/me.png' });
  });

  it('PATCH /api/auth/edit-profile with another userId is still refused', async () => {
    const res = await customer.send('PATCH', '/api/auth/edit-profile', {
      username: 'someone-else',
      bio: '',
      profileImage: '',
      profession: '',
      userId: admin.user._id,
    });
    expect([res.statusCode, res.json()]).toEqual([403, { message: 'You can only edit your own profile' }]);
  });
});

describe("the seed screens' products calls", () => {
  it.each([
    // The shop, home and manage-products screens with every filter unset.
    ['/api/products/?category=&color=&minPrice=0&maxPrice=&limit=12&page=1', null],
    ['/api/products/?category=&color=&minPrice=0&maxPrice=&limit=50&page=1', null],
    ['/api/products/?category=&color=&minPrice=0&maxPrice=&limit=6&page=1', null],
    // A category page, and the shop with one filter chosen.
    ['/api/products/?category=dress&color=&minPrice=0&maxPrice=&limit=12&page=1', 'dress'],
    ['/api/products/?category=dress&color=&minPrice=0&maxPrice=&limit=50&page=1', 'dress'],
    // "$200 and Above" is open-ended.
    ['/api/products/?category=all&color=all&minPrice=200&maxPrice=Infinity&limit=12&page=1', 'ring'],
  ])('GET %s', async (url, expected) => {
    const res = await visitor.send('GET', url);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual(listShape);
    const names = body.products.map((p: { name: string }) => p.name);
    if (expected === null) expect(names).toEqual(expect.arrayContaining(['Wrap Dress', 'Band Ring']));
    if (expected === 'dress') expect(names).toEqual(['Wrap Dress']);
    if (expected === 'ring') expect(names).toEqual(['Band Ring']);
  });

  it('GET /api/products/?...&maxPrice=abc is refused with a message', async () => {
    const res = await visitor.send('GET', '/api/products/?category=&color=&minPrice=0&maxPrice=abc&limit=12&page=1');
    expect([res.statusCode, res.json()]).toEqual([
      400,
      { message: 'Invalid querystring maxPrice: maxPrice must be a number of dollars' },
    ]);
  });

  it('GET /api/products/{id} gives the product and its reviews', async () => {
    const res = await visitor.send('GET', `/api/products/${dress.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ product: { _id: dress.id, name: 'Wrap Dress', price: 49.99 }, reviews: [] });
  });

  it('GET /api/products/related/{id}', async () => {
    const res = await visitor.send('GET', `/api/products/related/${dress.id}`);
    expect(res.statusCode).toBe(200);
    expect(Array.isArray(res.json())).toBe(true);
  });

  it('POST /api/products/create-product with the form price as text and the author', async () => {
    const res = await admin.send('POST', '/api/products/create-product', {
      name: 'Seed Form Blouse',
      category: 'accessories',
      color: 'beige',
      price: '49.5',
      description: 'Typed in the add product form.',
      image: '/uploads/blouse.webp',
      author: admin.user._id,
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().product).toMatchObject({ name: 'Seed Form Blouse', price: 49.5, author: admin.user._id });
  });

  it('PATCH /api/products/update-product/{id} with {"price": "55"} and with the whole form', async () => {
    const product = await createProduct(t.db, { priceCents: 1000 });
    const res = await admin.send('PATCH', `/api/products/update-product/${product.id}`, { price: '55' });
    expect(res.statusCode).toBe(200);
    expect(res.json().product.price).toBe(55);

    const whole = await admin.send('PATCH', `/api/products/update-product/${product.id}`, {
      name: 'Renamed in the form',
      category: 'dress',
      color: 'black',
      price: 55,
      description: 'Edited.',
      image: '/uploads/test.webp',
      author: admin.user._id,
    });
    expect(whole.statusCode).toBe(200);
    expect(whole.json().product).toMatchObject({ name: 'Renamed in the form', price: 55 });
  });

  it('DELETE /api/products/{id}', async () => {
    const product = await createProduct(t.db);
    expect((await admin.send('DELETE', `/api/products/${product.id}`)).statusCode).toBe(200);
    expect(await t.db.select().from(products).where(eq(products.id, product.id))).toEqual([]);
  });

  it('a price that is not a number is still refused', async () => {
    for (const price of ['abc', '', '1e400', '-5', '0']) {
      const res = await admin.send('POST', '/api/products/create-product', {
        name: 'Bad price',
        category: 'dress',
        color: 'red',
        price,
        description: 'x',
        image: '/uploads/x.webp',
        author: admin.user._id,
      });
      expect(res.statusCode, price).toBe(400);
      expect(res.json().message, price).toMatch(/^Invalid price: Price must be (a number|greater than 0)$/);
    }
  });
});

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

describe("the seed screens' image upload call", () => {
  it.each(['/uploadImage', '/api/uploadImage'])('POST %s with {image: data URL} answers the URL', async (url) => {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#a33' } })
      .png()
      .toBuffer();
    const res = await admin.send('POST', url, { image: `data:image/png;base64,${png.toString('base64')}` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatch(/^\/uploads\/[0-9a-f]{32}\.webp$/);
  });
});
