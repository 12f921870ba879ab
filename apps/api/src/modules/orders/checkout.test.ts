import { ORDER_MESSAGES } from '@shop/contract/orders';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinPaymentSessions, checkoutSessions, orders, products } from '../../db/schema';
import { checkout, confirm, GOOD_ADDRESS, GOOD_CARD, openSession, submitCard } from '../../test/checkout-test-kit';
import { createAdmin, createProduct, createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import type { PaymentProvider } from '../payments/payment-provider';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const countOf = async (table: typeof orders | typeof checkoutSessions) =>
  (await t.db.select({ n: count() }).from(table))[0]?.n;

describe('the buy flow through the builtin hosted checkout', () => {
  it('creates a session, shows the hosted page, takes card 4242, redirects and confirms one order', async () => {
    const scarf = await createProduct(t.db, { name: 'Silk Scarf', priceCents: 2550 });
    const ring = await createProduct(t.db, { name: 'Gold Ring', priceCents: 999 });
    const user = await createUser(t.db);

    // The cart as the web app sends it: whole product objects; only _id and quantity are read.
    const created = await checkout(t.app, user, [
      { _id: scarf.id, name: 'Silk Scarf', price: 25.5, image: '/uploads/test.webp', quantity: 2 },
      { _id: ring.id, name: 'Gold Ring', price: 9.99, quantity: 1 },
    ]);
    expect(created.statusCode).toBe(200);
    const { id, url } = created.json();
    expect(id).toMatch(/^cs_builtin_[\w-]+$/);
    expect(url).toBe(`/checkout/pay/${id}`);

    // Subtotal 60.99, tax 5% = 3.0495 rounded once, half up, to 3.05: 64.04, and Standard shipping
    // under $100.00 of items is $5.00: total 69.04 (Express $15.00: 79.04).
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('Lebaba');
    expect(page.body).toContain('Silk Scarf');
    expect(page.body).toContain('Gold Ring');
    expect(page.body).toMatch(/<label for="cardNumber">Card number<\/label>/);
    expect(page.body).toMatch(/<label for="expiry">Expiry date<\/label>/);
    expect(page.body).toMatch(/<label for="cvc">CVC<\/label>/);
    expect(page.body).toMatch(/<label for="cardName">Name on card<\/label>/);
    expect(page.body).toContain('<dt>Subtotal</dt><dd>$60.99</dd>');
    expect(page.body).toContain('<dt>Tax (5%)</dt><dd>$3.05</dd>');
    expect(page.body).toContain('<dt>Shipping</dt><dd><span class="for-standard">$5.00</span>');
    expect(page.body).toContain(
      '<button type="submit">Pay <span class="for-standard">$69.04</span><span class="for-express">$79.04</span></button>',
    );
    expect(page.body).toMatch(/<a href="\/checkout\/cancel\/[0-9a-f-]{36}">Cancel<\/a>/);
    expect(page.body).not.toContain('<script');

    const paid = await submitCard(t.app, id, GOOD_CARD);
    expect(paid.statusCode).toBe(303);
    // The hosted page stays on the origin the browser used, so the session cookie goes along.
    const location = new URL(String(paid.headers.location), 'http://any-origin.test');
    expect(`${location.origin}${location.pathname}`).toBe('http://any-origin.test/success');
    expect(location.searchParams.get('session_id')).toBe(id);

    // The success page reads session_id from its address and confirms, as the web app does.
    const confirmed = await confirm(t.app, user, location.searchParams.get('session_id'));
    expect(confirmed.statusCode).toBe(200);
    const { order } = confirmed.json();
    expect(order).toMatchObject({
      orderId: expect.stringMatching(/^pi_builtin_[0-9a-f]{24}$/),
      amount: 69.04,
      subtotal: 60.99,
      tax: 3.05,
      shipping: { method: 'standard', amount: 5, address: GOOD_ADDRESS },
      status: 'pending',
      email: user.email,
      products: [
        { productId: scarf.id, name: 'Silk Scarf', image: '/uploads/test.webp', price: 25.5, quantity: 2 },
        { productId: ring.id, name: 'Gold Ring', image: '/uploads/test.webp', price: 9.99, quantity: 1 },
      ],
    });
    expect(new Date(order.createdAt).toISOString()).toBe(order.createdAt);

    const again = await confirm(t.app, user, id);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ order });
    const [record] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
    expect(record?.fulfilledAt).toBeInstanceOf(Date);
    expect(await t.db.select().from(orders).where(eq(orders.checkoutSessionId, id))).toHaveLength(1);

    // A paid session says so and cannot be paid again.
    const after = await t.app.inject({ method: 'GET', url: `/checkout/pay/${id}` });
    expect(after.statusCode).toBe(200);
    expect(after.body).toContain('This payment is complete');
    expect(after.body).toContain(`href="/success?session_id=${id}"`);
    const payAgain = await submitCard(t.app, id, GOOD_CARD);
    expect(payAgain.statusCode).toBe(409);
    expect(payAgain.body).toContain('It cannot be paid again.');
    const [session] = await t.db.select().from(builtinPaymentSessions).where(eq(builtinPaymentSessions.id, id));
    expect(session?.paymentId).toBe(order.orderId);
  });

  it('declines card 4000 0000 0000 0002 visibly and keeps the session open', async () => {
    const product = await createProduct(t.db, { priceCents: 1000 });
    const user = await createUser(t.db);
    const { id } = await openSession(t.app, user, [{ _id: product.id, quantity: 1 }]);

    const declined = await submitCard(t.app, id, { ...GOOD_CARD, cardNumber: '4000 0000 0000 0002' });
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('<p class="error" role="alert">Your card was declined.</p>');
    expect(declined.body).toContain('Pay <span class="for-standard">$15.50</span>');
    expect(declined.body).toContain('value="Ada Lovelace"');
    expect(declined.body).not.toContain('4000 0000 0000 0002"');

    const unpaid = await confirm(t.app, user, id);
    expect(unpaid.statusCode).toBe(402);
    expect(unpaid.json()).toEqual({ message: 'Payment has not been completed for this session' });
    expect(await t.db.select().from(orders).where(eq(orders.checkoutSessionId, id))).toHaveLength(0);

    const open = await t.app.inject({ method: 'GET', url: `/checkout/pay/${id}` });
    expect(open.statusCode).toBe(200);
    expect(open.body).toContain('Pay <span class="for-standard">$15.50</span>');
    const paid = await submitCard(t.app, id, GOOD_CARD);
    expect(paid.statusCode).toBe(303);
    expect((await confirm(t.app, user, id)).json().order.amount).toBe(15.5);
  });

  it('rejects any other card number and checks expiry, CVC and name', async () => {
    const product = await createProduct(t.db, { priceCents: 1000 });
    const user = await createUser(t.db);
    const { id } = await openSession(t.app, user, [{ _id: product.id, quantity: 1 }]);
    const cases: [Partial<typeof GOOD_CARD>, string][] = [
      [{ cardNumber: '4111 1111 1111 1111' }, 'Your card number is invalid.'],
      [{ cardNumber: '' }, 'Your card number is invalid.'],
      [{ cardNumber: '<script>alert(1)</script>' }, 'Your card number is invalid.'],
      [{ expiry: '13 / 30' }, 'Your card&#39;s expiry date is incomplete or invalid.'],
      [{ expiry: '01 / 20' }, 'Your card&#39;s expiry date is in the past.'],
      [{ cvc: '12' }, 'Your card&#39;s security code is invalid.'],
      [{ cardName: '  ' }, 'Enter the name on the card.'],
    ];
    for (const [fields, message] of cases) {
      const res = await submitCard(t.app, id, { ...GOOD_CARD, ...fields });
      expect(res.statusCode, message).toBe(400);
      expect(res.body).toContain(`<p class="error" role="alert">${message}</p>`);
    }
    const noBody = await t.app.inject({ method: 'POST', url: `/checkout/pay/${id}` });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.body).toContain('<p class="error" role="alert">Enter the shipping address.</p>');
    const [session] = await t.db.select().from(builtinPaymentSessions).where(eq(builtinPaymentSessions.id, id));
    expect(session?.status).toBe('open');
    expect(session?.paymentId).toBeNull();
  });

  it('shows an expired page after 30 minutes, refuses payment and answers 410 to confirmation', async () => {
    const product = await createProduct(t.db, { priceCents: 1000 });
    const user = await createUser(t.db);
    const before = Date.now();
    const { id } = await openSession(t.app, user, [{ _id: product.id, quantity: 1 }]);
    const [session] = await t.db.select().from(builtinPaymentSessions).where(eq(builtinPaymentSessions.id, id));
    const ttl = (session?.expiresAt.getTime() ?? 0) - before;
    // 30 minutes, rounded up to the minute (reservationEnd): the stock is held exactly as long.
    expect(ttl).toBeGreaterThan(30 * 60_000);
    expect(ttl).toBeLessThanOrEqual(31 * 60_000 + 5_000);

    const past = new Date(Date.now() - 1000);
    await t.db.update(builtinPaymentSessions).set({ expiresAt: past }).where(eq(builtinPaymentSessions.id, id));
    await t.db.update(checkoutSessions).set({ expiresAt: past }).where(eq(checkoutSessions.id, id));

    const page = await t.app.inject({ method: 'GET', url: `/checkout/pay/${id}` });
    expect(page.statusCode).toBe(410);
    expect(page.body).toContain('This checkout session has expired');
    // Back to the shop through the cancel link, which gives the stock back if the sweep has not yet.
    expect(page.body).toMatch(/href="\/checkout\/cancel\/[0-9a-f-]{36}"/);
    const pay = await submitCard(t.app, id, GOOD_CARD);
    expect(pay.statusCode).toBe(410);
    const res = await confirm(t.app, user, id);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({ message: ORDER_MESSAGES.expired });
    const [after] = await t.db.select().from(builtinPaymentSessions).where(eq(builtinPaymentSessions.id, id));
    expect(after?.status).toBe('open');
    expect(await t.db.select().from(orders).where(eq(orders.checkoutSessionId, id))).toHaveLength(0);
  });

  it('answers an unknown hosted checkout with a 404 page', async () => {
    for (const path of ['/checkout/pay/cs_builtin_nope', '/checkout/pay/%3Cscript%3E']) {
      const res = await t.app.inject({ method: 'GET', url: path });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('Checkout session not found');
      expect(res.body).not.toContain('<script>');
      expect((await submitCard(t.app, 'cs_builtin_nope')).statusCode).toBe(404);
    }
  });
});

describe('create-checkout-session', () => {
  it('charges the catalogue price whatever price the client sends', async () => {
    const product = await createProduct(t.db, { name: 'Velvet Dress', priceCents: 12000 });
    const user = await createUser(t.db);
    const { id } = await openSession(t.app, user, [{ _id: product.id, price: 0.01, quantity: 3 }]);
    const [record] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
    expect(record).toMatchObject({ subtotalCents: 36000, taxCents: 1800, amountCents: 37800, email: user.email });
    expect(record?.lineItems).toEqual([
      {
        productId: product.id,
        name: 'Velvet Dress',
        image: '/uploads/test.webp',
        unitPriceCents: 12000,
        quantity: 3,
        variantId: expect.any(String),
        size: 'One size',
        sku: expect.stringMatching(/^LB-[0-9A-F]{16}-OS$/),
      },
    ]);
    expect((await submitCard(t.app, id)).statusCode).toBe(303);
    expect((await confirm(t.app, user, id)).json().order).toMatchObject({ amount: 378, subtotal: 360, tax: 18 });
  });

  it('refuses bad quantities, duplicate lines and malformed carts with 400 and writes nothing', async () => {
    const product = await createProduct(t.db);
    const other = await createProduct(t.db);
    const user = await createUser(t.db);
    const sessionsBefore = await countOf(checkoutSessions);
    const cases: [unknown, string][] = [
      [[{ _id: product.id, quantity: -1 }], 'Invalid product.0.quantity: Quantity must be at least 1'],
      [[{ _id: product.id, quantity: 0 }], 'Invalid product.0.quantity: Quantity must be at least 1'],
      [[{ _id: product.id, quantity: 100 }], 'Invalid product.0.quantity: Quantity must be at most 99'],
      [[{ _id: product.id, quantity: 1.5 }], 'Invalid product.0.quantity: Quantity must be a whole number'],
      [[{ _id: product.id, quantity: '2' }], 'Invalid product.0.quantity: Quantity must be a number'],
      [[{ _id: product.id }], 'Invalid product.0.quantity: Quantity must be a number'],
      [
        [
          { _id: product.id, quantity: 1 },
          { _id: other.id, quantity: 1 },
          { _id: product.id, quantity: 2 },
        ],
        'Invalid product: Each product may appear in the cart only once per size',
      ],
      [[], 'Invalid product: The cart is empty'],
      [[{ _id: 'not-a-uuid', quantity: 1 }], 'Invalid product.0._id: Invalid id'],
      [[{ quantity: 1 }], 'Invalid product.0._id: Invalid id'],
      ['everything', 'Invalid product: The cart must be a list of products'],
      [
        Array.from({ length: 51 }, () => ({ _id: crypto.randomUUID(), quantity: 1 })),
        'Invalid product: A cart holds at most 50 products',
      ],
    ];
    for (const [product, message] of cases) {
      const res = await checkout(t.app, user, product);
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/orders/create-checkout-session',
      headers: user.headers,
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toHaveProperty('message');
    expect(await countOf(checkoutSessions)).toBe(sessionsBefore);
  });

  it('refuses a cart holding a deleted product, naming it', async () => {
    const kept = await createProduct(t.db, { name: 'Pearl Earrings' });
    const gone = await createProduct(t.db, { name: 'Velvet Gown' });
    await t.db.delete(products).where(eq(products.id, gone.id));
    const user = await createUser(t.db);
    const sessionsBefore = await countOf(checkoutSessions);
    const res = await checkout(t.app, user, [
      { _id: kept.id, name: 'Pearl Earrings', quantity: 1 },
      { _id: gone.id, name: 'Velvet Gown', quantity: 1 },
    ]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'No longer available: "Velvet Gown". Remove it from your cart and try again.',
    });
    const unnamed = await checkout(t.app, user, [{ _id: gone.id, quantity: 1 }]);
    expect(unnamed.statusCode).toBe(400);
    expect(unnamed.json()).toEqual({
      message: `No longer available: ${gone.id}. Remove it from your cart and try again.`,
    });
    expect(await countOf(checkoutSessions)).toBe(sessionsBefore);
  });

  it('refuses a total larger than one card payment can be', async () => {
    const product = await createProduct(t.db, { priceCents: 100_000_000 });
    const user = await createUser(t.db);
    const res = await checkout(t.app, user, [{ _id: product.id, quantity: 1 }]);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      message: 'The order total is too large for one payment. Please split it into smaller orders.',
    });
  });

  it('requires a logged-in customer and takes the e-mail from the account', async () => {
    const product = await createProduct(t.db);
    const anonymous = await checkout(t.app, undefined, [{ _id: product.id, quantity: 1 }]);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Please log in to continue' });

    const user = await createUser(t.db);
    const someoneElse = await createUser(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/orders/create-checkout-session',
      headers: user.headers,
      payload: { product: [{ _id: product.id, quantity: 1 }], userId: someoneElse.id, email: someoneElse.email },
    });
    expect(res.statusCode).toBe(200);
    const [record] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, res.json().id));
    expect(record).toMatchObject({ userId: user.id, email: user.email });
  });
});

describe('confirm-payment', () => {
  it('lets only the session owner or an admin confirm', async () => {
    const product = await createProduct(t.db, { priceCents: 500 });
    const owner = await createUser(t.db);
    const stranger = await createUser(t.db);
    const { id } = await openSession(t.app, owner, [{ _id: product.id, quantity: 1 }]);
    await submitCard(t.app, id);

    const refused = await confirm(t.app, stranger, id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toEqual({ message: 'You can only confirm your own payments' });
    const anonymous = await confirm(t.app, undefined, id);
    expect(anonymous.statusCode).toBe(401);

    const admin = await createAdmin(t.db);
    const byAdmin = await confirm(t.app, admin, id);
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().order.email).toBe(owner.email);
  });

  it('answers 404 for an unknown session and 400 for a malformed one', async () => {
    const user = await createUser(t.db);
    const unknown = await confirm(t.app, user, 'cs_builtin_unknown');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Checkout session not found' });
    for (const bad of ['', '   ', 42, null, 'x'.repeat(256)]) {
      const res = await confirm(t.app, user, bad);
      expect(res.statusCode, String(bad)).toBe(400);
      expect(res.json().message).toMatch(/session_id/);
    }
  });
});

describe('payment provider failures and limits', () => {
  it('answers 503 and records nothing when the provider cannot open a session', async () => {
    const failing: PaymentProvider = {
      kind: 'builtin',
      createCheckoutSession: () => Promise.reject(new Error('connection refused')),
      retrieveSession: () => Promise.resolve(null),
      expireSession: () => Promise.resolve('expired'),
      refund: () => Promise.reject(new Error('connection refused')),
      parseWebhook: () => ({ type: 'ignored', providerType: 'none' }),
    };
    const other = await createTestApp({ overrides: { paymentProvider: failing } });
    try {
      const product = await createProduct(other.db);
      const user = await createUser(other.db);
      const res = await checkout(other.app, user, [{ _id: product.id, quantity: 1 }]);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: 'The payment could not be started. Please try again in a moment.' });
      expect((await other.db.select({ n: count() }).from(checkoutSessions))[0]?.n).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('limits checkouts per customer per minute', async () => {
    const limited = await createTestApp({ env: { CHECKOUTS_PER_USER_PER_MINUTE: '2' } });
    try {
      const product = await createProduct(limited.db);
      const user = await createUser(limited.db);
      const cart = [{ _id: product.id, quantity: 1 }];
      expect((await checkout(limited.app, user, cart)).statusCode).toBe(200);
      expect((await checkout(limited.app, user, cart)).statusCode).toBe(200);
      const third = await checkout(limited.app, user, cart);
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual({ message: 'Too many checkouts. Please try again in 1 minute.' });
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      const otherUser = await createUser(limited.db);
      expect((await checkout(limited.app, otherUser, cart)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
