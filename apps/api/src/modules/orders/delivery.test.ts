import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinPaymentSessions, orders, users } from '../../db/schema';
import {
  confirm,
  type DeliveryFields,
  GOOD_ADDRESS,
  GOOD_CARD,
  GOOD_DELIVERY,
  openSession,
  submitCard,
} from '../../test/checkout-test-kit';
import { createProduct, createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** A checkout of one product at `priceCents`, its hosted page open. */
async function sessionFor(priceCents: number, user?: TestUser) {
  const buyer = user ?? (await createUser(t.db));
  const product = await createProduct(t.db, { priceCents });
  const { id } = await openSession(t.app, buyer, [{ _id: product.id, quantity: 1 }]);
  return { id, user: buyer };
}

async function payAndConfirm(priceCents: number, delivery: DeliveryFields, user?: TestUser) {
  const session = await sessionFor(priceCents, user);
  const paid = await submitCard(t.app, session.id, GOOD_CARD, delivery);
  expect(paid.statusCode, paid.body).toBe(303);
  const confirmed = await confirm(t.app, session.user, session.id);
  expect(confirmed.statusCode).toBe(200);
  return { ...session, order: confirmed.json().order };
}

const savedAddressOf = async (userId: string) =>
  (await t.db.select({ a: users.savedAddress }).from(users).where(eq(users.id, userId)))[0]?.a;

describe('delivery on the builtin hosted checkout', () => {
  it('prices Standard at $5.00 under $100.00 of items, free at exactly $100.00, Express at $15.00; tax on items only', async () => {
    const cases = [
      // items, method, shipping, total (items + 5% tax + shipping)
      [9999, 'standard', 5, 99.99 + 5 + 5],
      [10_000, 'standard', 0, 105],
      [10_000, 'express', 15, 120],
      [2000, 'express', 15, 20 + 1 + 15],
    ] as const;
    for (const [items, method, shipping, total] of cases) {
      const { order } = await payAndConfirm(items, { ...GOOD_DELIVERY, shippingMethod: method });
      const label = `${items} ${method}`;
      expect(order.subtotal, label).toBe(items / 100);
      expect(order.tax, label).toBe(Math.round(items * 0.05) / 100);
      expect(order.shipping, label).toEqual({ method, amount: shipping, address: GOOD_ADDRESS });
      expect(order.amount, label).toBeCloseTo(total, 2);
      const [row] = await t.db.select().from(orders).where(eq(orders.id, order._id));
      expect(row).toMatchObject({
        shippingMethod: method,
        shippingCents: shipping * 100,
        shippingAddress: GOOD_ADDRESS,
      });
    }
  });

  it('charges exactly the total the page shows for the chosen method', async () => {
    const { id, user } = await sessionFor(4000);
    const page = await t.app.inject({ method: 'GET', url: `/checkout/pay/${id}` });
    // $40.00 + $2.00 tax; Standard $5.00 -> $47.00, Express $15.00 -> $57.00.
    expect(page.body).toContain(
      '<button type="submit">Pay <span class="for-standard">$47.00</span><span class="for-express">$57.00</span></button>',
    );
    expect(page.body).toMatch(/<input type="radio" id="ship-standard" name="shippingMethod" value="standard" checked>/);
    expect(page.body).toContain('<span class="method-price">$15.00</span>');
    expect(page.body).toContain('1-2 business days');
    await submitCard(t.app, id, GOOD_CARD, { ...GOOD_DELIVERY, shippingMethod: 'express' });
    const [session] = await t.db.select().from(builtinPaymentSessions).where(eq(builtinPaymentSessions.id, id));
    expect(session).toMatchObject({
      status: 'paid',
      amountTotalCents: 5700,
      shippingCents: 1500,
      shippingMethod: 'express',
    });
    expect((await confirm(t.app, user, id)).json().order.amount).toBe(57);
  });

  it('says Standard is free on the page from $100.00 of items', async () => {
    const { id } = await sessionFor(10_000);
    const page = await t.app.inject({ method: 'GET', url: `/checkout/pay/${id}` });
    expect(page.body).toContain('<span class="method-price">Free</span>');
    expect(page.body).toContain('<dt>Shipping</dt><dd><span class="for-standard">Free</span>');
    expect(page.body).toContain(
      'Pay <span class="for-standard">$105.00</span><span class="for-express">$120.00</span>',
    );
  });

  it('refuses a missing or bad address with 400 and clear messages, keeps the form, and changes nothing', async () => {
    const { id, user } = await sessionFor(3000);
    const noAddress = await submitCard(t.app, id, GOOD_CARD, {});
    expect(noAddress.statusCode).toBe(400);
    expect(noAddress.body).toContain('<p class="error" role="alert">Enter the shipping address.</p>');

    const bad = await submitCard(t.app, id, GOOD_CARD, {
      ...GOOD_DELIVERY,
      city: 'Paris <b>',
      postalCode: '  ',
      country: 'XX',
      shippingMethod: 'express',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('<p class="error" role="alert">Postal code is required</p>');
    expect(bad.body).toContain('<p class="field-error" id="country-error">Choose a country from the list</p>');
    expect(bad.body).toContain('aria-invalid="true" aria-describedby="postalCode-error"');
    // What was typed stays, escaped, with the method chosen.
    expect(bad.body).toContain('value="Paris &lt;b&gt;"');
    expect(bad.body).toContain('value="Ada Lovelace"');
    expect(bad.body).toMatch(/value="express" checked>/);

    const badMethod = await submitCard(t.app, id, GOOD_CARD, { ...GOOD_DELIVERY, shippingMethod: 'drone' });
    expect(badMethod.statusCode).toBe(400);
    expect(badMethod.body).toContain('Choose a shipping method.');

    const [session] = await t.db.select().from(builtinPaymentSessions).where(eq(builtinPaymentSessions.id, id));
    expect(session).toMatchObject({ status: 'open', paymentId: null, shippingAddress: null, shippingMethod: null });
    expect((await confirm(t.app, user, id)).statusCode).toBe(402);
    expect(await savedAddressOf(user.id)).toBeNull();
  });

  it("saves the order's address as the customer's and prefills the next hosted page with it", async () => {
    const user = await createUser(t.db);
    const first = await sessionFor(2500, user);
    const empty = await t.app.inject({ method: 'GET', url: `/checkout/pay/${first.id}` });
    expect(empty.body).toContain(
      '<input id="fullName" name="fullName" autocomplete="shipping name" maxlength="100" value="">',
    );
    expect(empty.body).toContain('<option value="">Choose a country</option>');

    const home = {
      ...GOOD_DELIVERY,
      fullName: 'Grace Hopper',
      line1: '1 Navy Way',
      city: 'Arlington',
      region: 'VA',
      postalCode: '22202',
      country: 'US',
    };
    await submitCard(t.app, first.id, GOOD_CARD, home);
    await confirm(t.app, user, first.id);
    const { shippingMethod: _, ...address } = home;
    expect(await savedAddressOf(user.id)).toEqual(address);

    const next = await sessionFor(2500, user);
    const page = await t.app.inject({ method: 'GET', url: `/checkout/pay/${next.id}` });
    expect(page.body).toContain('value="Grace Hopper"');
    expect(page.body).toContain('value="1 Navy Way"');
    expect(page.body).toContain('<option value="US" selected>United States</option>');

    // The next order, sent elsewhere, replaces it.
    await submitCard(t.app, next.id, GOOD_CARD, GOOD_DELIVERY);
    await confirm(t.app, user, next.id);
    expect(await savedAddressOf(user.id)).toEqual(GOOD_ADDRESS);
  });

  it('shows the address and shipping on the order for the customer', async () => {
    const { order, user } = await payAndConfirm(5000, { ...GOOD_DELIVERY, shippingMethod: 'express' });
    const expected = { method: 'express', amount: 15, address: GOOD_ADDRESS };
    const one = await t.app.inject({ method: 'GET', url: `/api/orders/order/${order._id}`, headers: user.headers });
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ _id: order._id, amount: 67.5, shipping: expected });
    const list = await t.app.inject({
      method: 'GET',
      url: `/api/orders/${encodeURIComponent(user.email)}`,
      headers: user.headers,
    });
    expect(list.json()).toEqual([expect.objectContaining({ _id: order._id, shipping: expected })]);
  });
});
