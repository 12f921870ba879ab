import { DISCOUNT_MESSAGES } from '@shop/contract/discounts';
import { ORDER_MESSAGES } from '@shop/contract/orders';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions, orders } from '../../db/schema';
import { checkout, confirm, GOOD_CARD, GOOD_DELIVERY, submitCard } from '../../test/checkout-test-kit';
import { makeCode } from '../../test/discount-test-kit';
import { createAdmin, createProduct, createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/** Checking out without an account: the e-mail asked on the hosted page, the order link, and the guards. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { GUEST_CHECKOUTS_PER_IP_PER_MINUTE: '25' } });
});
afterAll(() => t.close());

const GUEST = 'guest.shopper@example.test';

/** The request the original web client sends for a visitor: the cart and no user. */
function visitorCheckout(product: unknown, extra: Record<string, unknown> = {}, ip = '203.0.113.7') {
  return t.app.inject({
    method: 'POST',
    url: '/api/orders/create-checkout-session',
    remoteAddress: ip,
    payload: { product, ...extra },
  });
}

const payAsGuest = (sessionId: string, email: string | undefined) =>
  submitCard(t.app, sessionId, { ...GOOD_CARD, ...(email === undefined ? {} : { email }) } as typeof GOOD_CARD);

const readGuestOrder = (token: string) => t.app.inject({ method: 'GET', url: `/api/orders/guest/${token}` });

async function guestOrderOf(email = GUEST) {
  const product = await createProduct(t.db, { name: 'Linen Dress', priceCents: 9000 });
  const opened = await visitorCheckout([{ _id: product.id, quantity: 1 }]);
  expect(opened.statusCode, opened.body).toBe(200);
  const { id } = opened.json();
  expect((await payAsGuest(id, email)).statusCode).toBe(303);
  const confirmed = await confirm(t.app, undefined, id);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { sessionId: id as string, ...(confirmed.json() as { order: { _id: string }; orderToken: string }) };
}

describe('a visitor checks out without an account', () => {
  it("gets a hosted checkout for the original client's visitor request, whose page asks for the e-mail", async () => {
    const product = await createProduct(t.db, { priceCents: 4200 });
    const res = await visitorCheckout([{ _id: product.id, quantity: 2 }], { userId: undefined });
    expect(res.statusCode, res.body).toBe(200);
    const { id, url } = res.json();
    expect(url).toContain(`/checkout/pay/${id}`);
    const [record] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
    expect(record).toMatchObject({ userId: null, email: null, amountCents: 8820 });

    const page = await t.app.inject({ method: 'GET', url: `/checkout/pay/${id}` });
    expect(page.body).toMatch(/<input id="email" name="email" type="email" autocomplete="email"[^>]*required/);

    // No e-mail, or a wrong one: the page says so and nothing is paid.
    for (const [email, message] of [
      [undefined, 'Enter your email for the receipt and your order link'],
      ['not-an-email', 'Enter a valid email address'],
    ] as const) {
      const refused = await payAsGuest(id, email);
      expect(refused.statusCode).toBe(400);
      expect(refused.body).toContain(message);
    }
    expect((await confirm(t.app, undefined, id)).statusCode).toBe(402);
  });

  it('tells a client whose session ended to log in again, rather than making it a guest', async () => {
    const product = await createProduct(t.db);
    const customer = await createUser(t.db);
    const res = await visitorCheckout([{ _id: product.id, quantity: 1 }], { userId: customer.id });
    expect([res.statusCode, res.json()]).toEqual([401, { message: 'Please log in to continue' }]);
  });

  it('makes the order for the e-mail typed on the page and names its order link', async () => {
    const { order, orderToken, sessionId } = await guestOrderOf(' Guest.Shopper@Example.test ');
    expect(order).toMatchObject({ email: GUEST, amount: expect.any(Number) });
    const [row] = await t.db.select().from(orders).where(eq(orders.checkoutSessionId, sessionId));
    expect(row).toMatchObject({ userId: null, email: GUEST });

    const read = await readGuestOrder(orderToken);
    expect(read.statusCode).toBe(200);
    expect(read.headers['cache-control']).toBe('private, no-store');
    expect(read.json()).toEqual(order);
    // Confirming again answers the same order and link.
    expect((await confirm(t.app, undefined, sessionId)).json()).toEqual({ order, orderToken });
  });

  it("reads that order only: a changed token, another order's id or a made-up one is not found", async () => {
    const first = await guestOrderOf();
    const second = await guestOrderOf();
    expect((await readGuestOrder(second.orderToken)).json()._id).toBe(second.order._id);

    const [id, mac] = first.orderToken.split('.') as [string, string];
    const flipped = `${mac.slice(0, 5)}${mac[5] === 'A' ? 'B' : 'A'}${mac.slice(6)}`;
    for (const token of [
      `${id}.${flipped}`,
      `${second.order._id}.${mac}`,
      `${id}.${mac}.x`,
      id,
      'x'.repeat(80),
      `${crypto.randomUUID()}.${mac}`,
    ]) {
      const res = await readGuestOrder(encodeURIComponent(token));
      expect([res.statusCode, res.json()], token).toEqual([404, { message: ORDER_MESSAGES.notFound }]);
    }
  });

  it("is not a customer's order: no account sees it, and a customer's order has no link", async () => {
    const { order } = await guestOrderOf();
    const sameEmail = await createUser(t.db, { email: `other-${crypto.randomUUID()}@example.test` });
    const get = (url: string) => t.app.inject({ method: 'GET', url, headers: sameEmail.headers });
    expect((await get(`/api/orders/order/${order._id}`)).statusCode).toBe(403);

    const customer = await createUser(t.db);
    const product = await createProduct(t.db);
    const opened = await checkout(t.app, customer, [{ _id: product.id, quantity: 1 }]);
    await submitCard(t.app, opened.json().id, GOOD_CARD, GOOD_DELIVERY);
    const mine = await confirm(t.app, customer, opened.json().id);
    expect(mine.json().orderToken).toBeUndefined();
    // A customer's session is still the customer's to confirm.
    expect((await confirm(t.app, undefined, opened.json().id)).statusCode).toBe(401);
  });

  it('takes the e-mail given with the cart, and the page then shows it as given', async () => {
    const product = await createProduct(t.db);
    const res = await visitorCheckout([{ _id: product.id, quantity: 1 }], { email: 'Cart.Guest@Example.test' });
    const { id } = res.json();
    const page = await t.app.inject({ method: 'GET', url: `/checkout/pay/${id}` });
    expect(page.body).toContain('value="cart.guest@example.test" readonly');
    // The page's form cannot change it.
    expect((await payAsGuest(id, 'someone.else@example.test')).statusCode).toBe(303);
    expect((await confirm(t.app, undefined, id)).json().order.email).toBe('cart.guest@example.test');
  });

  it('needs an e-mail with the cart to use a discount code, and writes nothing without it', async () => {
    const admin = await createAdmin(t.db);
    const code = await makeCode(t.app, admin, { maxUsesPerCustomer: 1 });
    const product = await createProduct(t.db, { priceCents: 5000 });
    const before = (await t.db.select({ n: count() }).from(checkoutSessions))[0]?.n;
    const res = await visitorCheckout([{ _id: product.id, quantity: 1 }], { discountCode: code.code });
    expect([res.statusCode, res.json()]).toEqual([400, { message: ORDER_MESSAGES.guestEmailForCode }]);
    expect((await t.db.select({ n: count() }).from(checkoutSessions))[0]?.n).toBe(before);

    const bad = await visitorCheckout([{ _id: product.id, quantity: 1 }], { email: 'nope', discountCode: code.code });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/Enter a valid email address/);
  });

  it("counts a guest's uses of a code per e-mail: an account with that e-mail is the same customer", async () => {
    const admin = await createAdmin(t.db);
    const code = await makeCode(t.app, admin, { maxUsesPerCustomer: 1 });
    const product = await createProduct(t.db, { priceCents: 5000 });
    const email = `code-${crypto.randomUUID()}@example.test`;
    const opened = await visitorCheckout([{ _id: product.id, quantity: 1 }], { email, discountCode: code.code });
    expect(opened.statusCode, opened.body).toBe(200);
    await payAsGuest(opened.json().id, undefined);
    expect((await confirm(t.app, undefined, opened.json().id)).json().order.discount).toMatchObject({
      code: code.code,
    });

    // The same e-mail as a guest again, and then as an account: both have used their one use.
    const again = await visitorCheckout([{ _id: product.id, quantity: 1 }], {
      email: email.toUpperCase(),
      discountCode: code.code,
    });
    expect([again.statusCode, again.json().message]).toEqual([409, DISCOUNT_MESSAGES.customerUsedUp(code.code, 1)]);
    const account = await createUser(t.db, { email });
    const asAccount = await checkout(t.app, account, [{ _id: product.id, quantity: 1 }], code.code);
    expect([asAccount.statusCode, asAccount.json().message]).toEqual([
      409,
      DISCOUNT_MESSAGES.customerUsedUp(code.code, 1),
    ]);
    // Another e-mail is another customer.
    const other = await visitorCheckout([{ _id: product.id, quantity: 1 }], {
      email: `other-${email}`,
      discountCode: code.code,
    });
    expect(other.statusCode, other.body).toBe(200);
  });

  it('limits the checkouts one address opens without an account, and not another address', async () => {
    const product = await createProduct(t.db);
    const ip = '198.51.100.99';
    const answers = [];
    for (let i = 0; i < 25; i += 1)
      answers.push((await visitorCheckout([{ _id: product.id, quantity: 1 }], {}, ip)).statusCode);
    expect(answers.slice(0, 25)).toEqual(Array(25).fill(200));
    const limited = await visitorCheckout([{ _id: product.id, quantity: 1 }], {}, ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/checkouts/);
    expect((await visitorCheckout([{ _id: product.id, quantity: 1 }], {}, '198.51.100.100')).statusCode).toBe(200);
  });
});
