import { ORDER_MESSAGES } from '@shop/contract/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinPaymentSessions, checkoutSessions, orders } from '../../db/schema';
import { startCheckoutShop, stopCheckoutShop, t } from '../../test/checkout-shop-test-kit';
import { checkout, confirm, GOOD_ADDRESS, GOOD_CARD, openSession, submitCard } from '../../test/checkout-test-kit';
import { createProduct, createUser } from '../../test/factories';

/** The builtin hosted checkout page: the session it shows, the cards it takes and refuses, its expiry. */
beforeAll(startCheckoutShop);
afterAll(stopCheckoutShop);

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
