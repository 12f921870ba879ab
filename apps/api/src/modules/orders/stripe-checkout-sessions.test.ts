import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions, stockReservations, users } from '../../db/schema';
import { checkout, confirm } from '../../test/checkout-test-kit';
import { createProduct, createUser } from '../../test/factories';
import {
  fake,
  ordersOf,
  startStripeCheckoutShop,
  stopStripeCheckoutShop,
  stripeSession,
  t,
} from '../../test/stripe-checkout-test-kit';

/** Checkout sessions opened on Stripe: their prices, their confirmation, and the delivery chosen on them. */
beforeAll(startStripeCheckoutShop);
afterAll(stopStripeCheckoutShop);

describe('the Stripe provider against a local fake Stripe API', () => {
  it('tells the web app to load Stripe with the publishable key', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/orders/payment-config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ provider: 'stripe', publishableKey: 'pk_test_fake' });
  });

  it('opens a Checkout session with catalogue prices, a tax line and URLs built from PUBLIC_URL', async () => {
    const scarf = await createProduct(t.db, { name: 'Silk Scarf', priceCents: 2550 });
    const ring = await createProduct(t.db, { name: 'Gold Ring', priceCents: 999 });
    const user = await createUser(t.db);
    const before = fake.requests.length;
    const res = await checkout(t.app, user, [
      { _id: scarf.id, price: 0.01, quantity: 2 },
      { _id: ring.id, price: 0.01, quantity: 1 },
    ]);
    expect(res.statusCode).toBe(200);
    const { id, url } = res.json();
    expect(id).toMatch(/^cs_test_/);
    expect(url).toBe(`https://checkout.stripe.test/c/pay/${id}`);

    const sent = fake.requests.slice(before);
    expect(sent).toHaveLength(1);
    const request = sent[0];
    expect(request?.method).toBe('POST');
    expect(request?.path).toBe('/v1/checkout/sessions');
    expect(request?.headers.authorization).toBe('Bearer sk_test_fake');
    expect(request?.headers['idempotency-key']).toBeTruthy();
    const form = Object.fromEntries(request?.form ?? []);
    expect(form).toMatchObject({
      mode: 'payment',
      customer_email: user.email,
      success_url: 'https://shop.example/success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: expect.stringMatching(/^https:\/\/shop\.example\/checkout\/cancel\/[0-9a-f-]{36}$/),
      'metadata[userId]': user.id,
      'line_items[0][quantity]': '2',
      'line_items[0][price_data][currency]': 'usd',
      'line_items[0][price_data][unit_amount]': '2550',
      'line_items[0][price_data][product_data][name]': 'Silk Scarf',
      'line_items[0][price_data][product_data][images][0]': 'https://shop.example/uploads/test.webp',
      'line_items[1][quantity]': '1',
      'line_items[1][price_data][unit_amount]': '999',
      'line_items[1][price_data][product_data][name]': 'Gold Ring',
      'line_items[2][quantity]': '1',
      'line_items[2][price_data][unit_amount]': '305',
      'line_items[2][price_data][product_data][name]': 'Tax (5%)',
    });
    expect(form['line_items[3][quantity]']).toBeUndefined();
    const expiresIn = Number(form.expires_at) - Date.now() / 1000;
    expect(expiresIn).toBeGreaterThan(30 * 60);
    expect(expiresIn).toBeLessThan(31 * 60 + 10);
    // The same moment the shop's stock hold ends.
    const [hold] = await t.db.select().from(stockReservations).limit(1);
    expect(hold?.expiresAt.getTime()).toBe(Number(form.expires_at) * 1000);
    expect(fake.sessions.get(id)?.amount_total).toBe(6404);

    const [record] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
    expect(record).toMatchObject({ provider: 'stripe', amountCents: 6404, userId: user.id });
  });

  it('confirms only once Stripe says the session is paid, with the payment intent as Transaction ID', async () => {
    const user = await createUser(t.db);
    const { id } = await stripeSession(user, 2000);
    const unpaid = await confirm(t.app, user, id);
    expect(unpaid.statusCode).toBe(402);
    expect(unpaid.json()).toEqual({ message: 'Payment has not been completed for this session' });

    const paid = fake.pay(id);
    const res = await confirm(t.app, user, id);
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({ orderId: paid.payment_intent, amount: 21, status: 'pending' });
    expect(await ordersOf(id)).toHaveLength(1);
  });

  it('lets Stripe ask a guest for the e-mail, and makes the order for the e-mail paid with', async () => {
    const product = await createProduct(t.db, { priceCents: 3000 });
    const opened = await checkout(t.app, undefined, [{ _id: product.id, quantity: 1 }]);
    expect(opened.statusCode, opened.body).toBe(200);
    const { id } = opened.json();
    // Neither an e-mail nor a Customer: Checkout's page asks for the e-mail itself.
    expect(fake.sessions.get(id)).toMatchObject({ customer_email: null, customer: null, metadata: { guest: 'true' } });
    fake.pay(id, 'paid', undefined, 'stripe.guest@example.test');
    const res = await confirm(t.app, undefined, id);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().order.email).toBe('stripe.guest@example.test');
    expect(res.json().orderToken).toEqual(expect.stringContaining(res.json().order._id));

    // An e-mail given with the cart goes to Stripe, which then asks for none.
    const withEmail = await t.app.inject({
      method: 'POST',
      url: '/api/orders/create-checkout-session',
      payload: { product: [{ _id: product.id, quantity: 1 }], email: 'given@example.test' },
    });
    expect(withEmail.statusCode).toBe(200);
    expect(fake.sessions.get(withEmail.json().id)?.customer_email).toBe('given@example.test');
  });

  it('answers 410 for a session Stripe expired, and 503 when Stripe refuses to open one', async () => {
    const user = await createUser(t.db);
    const { id } = await stripeSession(user);
    fake.expire(id);
    const expired = await confirm(t.app, user, id);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ message: 'This checkout session has expired. Please check out again.' });

    const product = await createProduct(t.db);
    const sessionsBefore = (await t.db.select({ n: count() }).from(checkoutSessions))[0]?.n;
    fake.refuseNextCreate();
    const refused = await checkout(t.app, user, [{ _id: product.id, quantity: 1 }]);
    expect(refused.statusCode).toBe(503);
    expect(refused.json()).toEqual({ message: 'The payment could not be started. Please try again in a moment.' });
    expect((await t.db.select({ n: count() }).from(checkoutSessions))[0]?.n).toBe(sessionsBefore);
  });
});

describe('delivery through Stripe Checkout', () => {
  const details = {
    name: 'Grace Hopper',
    address: { line1: '1 Navy Way', line2: null, city: 'Arlington', state: 'VA', postal_code: '22202', country: 'US' },
  };
  const address = {
    fullName: 'Grace Hopper',
    line1: '1 Navy Way',
    line2: '',
    city: 'Arlington',
    region: 'VA',
    postalCode: '22202',
    country: 'US',
  };

  it('asks Checkout for an address in the shop’s countries and offers Standard and Express priced from the items', async () => {
    const user = await createUser(t.db);
    const before = fake.requests.length;
    const { id } = await stripeSession(user, 9999);
    const form = Object.fromEntries(fake.requests[before]?.form ?? []);
    expect(form).toMatchObject({
      'shipping_address_collection[allowed_countries][0]': 'AU',
      'shipping_options[0][shipping_rate_data][type]': 'fixed_amount',
      'shipping_options[0][shipping_rate_data][display_name]': 'Standard',
      'shipping_options[0][shipping_rate_data][fixed_amount][amount]': '500',
      'shipping_options[0][shipping_rate_data][fixed_amount][currency]': 'usd',
      'shipping_options[0][shipping_rate_data][metadata][method]': 'standard',
      'shipping_options[1][shipping_rate_data][display_name]': 'Express',
      'shipping_options[1][shipping_rate_data][fixed_amount][amount]': '1500',
      'shipping_options[1][shipping_rate_data][metadata][method]': 'express',
    });
    expect(fake.sessions.get(id)?.shipping_address_collection?.allowed_countries).toHaveLength(21);

    // Standard is free from $100.00 of items.
    const at100 = fake.requests.length;
    await stripeSession(user, 10_000);
    const free = Object.fromEntries(fake.requests[at100]?.form ?? []);
    expect(free['shipping_options[0][shipping_rate_data][fixed_amount][amount]']).toBe('0');
  });

  it('makes the order with the address and method chosen on Checkout, shipping on top of items and tax', async () => {
    const user = await createUser(t.db);
    const { id } = await stripeSession(user, 4000);
    const paid = fake.pay(id, 'paid', { method: 'express', details });
    expect(paid.amount_total).toBe(4000 + 200 + 1500);
    const res = await confirm(t.app, user, id);
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({
      subtotal: 40,
      tax: 2,
      amount: 57,
      shipping: { method: 'express', amount: 15, address },
    });
    // The method was read from the rate Stripe was asked to expand.
    const retrieve = fake.requests.findLast((r) => r.method === 'GET' && r.path === `/v1/checkout/sessions/${id}`);
    expect(retrieve).toBeDefined();
    const [saved] = await t.db.select({ a: users.savedAddress }).from(users).where(eq(users.id, user.id));
    expect(saved?.a).toEqual(address);
  });

  it("starts the next Checkout from the saved address, through the shopper's one Stripe Customer", async () => {
    const user = await createUser(t.db);
    const { id: first } = await stripeSession(user, 3000);
    // No saved address yet: Checkout gets the e-mail and no Customer is made.
    expect(fake.sessions.get(first)).toMatchObject({ customer: null, customer_email: user.email });
    fake.pay(first, 'paid', { method: 'standard', details });
    expect((await confirm(t.app, user, first)).statusCode).toBe(200);

    const { id: second } = await stripeSession(user, 3000);
    const mine = [...fake.customers.values()].filter((c) => c.email === user.email);
    expect(mine).toHaveLength(1);
    expect(mine[0]?.shipping).toEqual({
      name: 'Grace Hopper',
      address: { line1: '1 Navy Way', city: 'Arlington', state: 'VA', postal_code: '22202', country: 'US' },
    });
    expect(fake.sessions.get(second)).toMatchObject({ customer: mine[0]?.id, customer_email: null });

    // A changed saved address reaches the same Customer on the next checkout.
    const moved = await t.app.inject({
      method: 'PUT',
      url: '/api/auth/address',
      headers: user.headers,
      payload: { ...address, line1: '2 Harbor Road' },
    });
    expect(moved.statusCode).toBe(200);
    const { id: third } = await stripeSession(user, 3000);
    expect([...fake.customers.values()].filter((c) => c.email === user.email)).toHaveLength(1);
    expect(mine[0]?.shipping?.address.line1).toBe('2 Harbor Road');
    expect(fake.sessions.get(third)?.customer).toBe(mine[0]?.id);
  });
});
