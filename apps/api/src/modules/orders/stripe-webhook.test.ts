import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions } from '../../db/schema';
import { confirm, openSession } from '../../test/checkout-test-kit';
import { createProduct, createUser } from '../../test/factories';
import {
  deliver,
  eventPayload,
  fake,
  ordersOf,
  sign,
  startStripeCheckoutShop,
  stopStripeCheckoutShop,
  stripeSession,
  t,
} from '../../test/stripe-checkout-test-kit';

/** Stripe's webhook: signed events fulfil, expire or are acknowledged, each once. */
beforeAll(startStripeCheckoutShop);
afterAll(stopStripeCheckoutShop);

describe('POST /api/orders/webhook', () => {
  it('fulfils a signed checkout.session.completed once, even when delivered twice', async () => {
    const user = await createUser(t.db);
    const { id } = await stripeSession(user);
    const paid = fake.pay(id);
    const payload = eventPayload('checkout.session.completed', { id, payment_status: 'paid' });

    const first = await deliver(payload, sign(payload));
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ received: true });
    const second = await deliver(payload, sign(payload));
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual({ received: true });

    const rows = await ordersOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ orderId: paid.payment_intent, email: user.email, amountCents: 5250 });
    const confirmed = await confirm(t.app, user, id);
    expect(confirmed.json().order._id).toBe(rows[0]?.id);
  });

  it('refuses a bad, stale or missing signature with 400 and changes nothing', async () => {
    const user = await createUser(t.db);
    const { id } = await stripeSession(user);
    fake.pay(id);
    const payload = eventPayload('checkout.session.completed', { id, payment_status: 'paid' });
    const cases: [string | undefined, string, string][] = [
      [sign(payload, { secret: 'whsec_wrong' }), payload, 'Invalid Stripe-Signature'],
      [sign(payload), payload.replace('"paid"', '"paid" '), 'Invalid Stripe-Signature'],
      [sign(payload, { timestamp: Math.floor(Date.now() / 1000) - 600 }), payload, 'Invalid Stripe-Signature'],
      ['t=1,v1=deadbeef', payload, 'Invalid Stripe-Signature'],
      [undefined, payload, 'Missing Stripe-Signature header'],
    ];
    for (const [signature, body, message] of cases) {
      const res = await deliver(body, signature);
      expect(res.statusCode, message).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    expect(await ordersOf(id)).toHaveLength(0);
    const [record] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
    expect(record?.fulfilledAt).toBeNull();
  });

  it('waits for delayed payments: fulfils on async success, not on an unpaid completion or a failure', async () => {
    const user = await createUser(t.db);
    const { id } = await stripeSession(user);
    fake.pay(id, 'unpaid');
    const completed = eventPayload('checkout.session.completed', { id, payment_status: 'unpaid' });
    expect((await deliver(completed, sign(completed))).statusCode).toBe(200);
    const failed = eventPayload('checkout.session.async_payment_failed', { id, payment_status: 'unpaid' });
    expect((await deliver(failed, sign(failed))).json()).toEqual({ received: true });
    expect(await ordersOf(id)).toHaveLength(0);

    fake.pay(id, 'paid');
    const succeeded = eventPayload('checkout.session.async_payment_succeeded', { id, payment_status: 'paid' });
    expect((await deliver(succeeded, sign(succeeded))).statusCode).toBe(200);
    expect(await ordersOf(id)).toHaveLength(1);
  });

  it("gives the stock back on checkout.session.expired, and on Cancel expires Stripe's session first", async () => {
    const user = await createUser(t.db);
    const product = await createProduct(t.db, { stock: [{ size: 'One size', onHand: 2 }] });
    const available = async () =>
      (await t.app.inject({ method: 'GET', url: `/api/products/${product.id}` })).json().product.variants[0].available;

    const { id } = await openSession(t.app, user, [{ _id: product.id, quantity: 2 }]);
    expect(await available()).toBe(0);
    fake.expire(id);
    const expired = eventPayload('checkout.session.expired', { id, status: 'expired', payment_status: 'unpaid' });
    expect((await deliver(expired, sign(expired))).statusCode).toBe(200);
    expect(await available()).toBe(2);
    // Delivered twice, it gives nothing back twice.
    expect((await deliver(expired, sign(expired))).statusCode).toBe(200);
    expect(await available()).toBe(2);

    const second = await openSession(t.app, user, [{ _id: product.id, quantity: 1 }]);
    const cancelUrl = fake.sessions.get(second.id)?.cancel_url ?? '';
    const cancelled = await t.app.inject({ method: 'GET', url: new URL(cancelUrl).pathname });
    expect(cancelled.statusCode).toBe(303);
    expect(fake.sessions.get(second.id)?.status).toBe('expired');
    expect(
      fake.requests.some((r) => r.method === 'POST' && r.path === `/v1/checkout/sessions/${second.id}/expire`),
    ).toBe(true);
    expect(await available()).toBe(2);
  });

  it('acknowledges events for sessions this shop never opened and other event types', async () => {
    const foreign = eventPayload('checkout.session.completed', { id: 'cs_test_elsewhere', payment_status: 'paid' });
    const res = await deliver(foreign, sign(foreign));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: true });
    const other = eventPayload('customer.created', { id: 'cus_1' });
    expect((await deliver(other, sign(other))).json()).toEqual({ received: true });
    expect(await ordersOf('cs_test_elsewhere')).toHaveLength(0);
  });

  it('makes one order when 200 confirmations race the webhook', async ({ annotate }) => {
    const user = await createUser(t.db);
    const { id } = await stripeSession(user, 1999);
    fake.pay(id);
    const payload = eventPayload('checkout.session.completed', { id, payment_status: 'paid' });
    const started = performance.now();
    const [hook, ...answers] = await Promise.all([
      deliver(payload, sign(payload)),
      ...Array.from({ length: 200 }, () => confirm(t.app, user, id)),
    ]);
    const ms = Math.round(performance.now() - started);
    expect(hook?.statusCode).toBe(200);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(200).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(await ordersOf(id)).toHaveLength(1);
    await annotate(
      `${process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite'} Stripe: 200 confirmations + 1 webhook -> 1 order, ${ms} ms`,
    );
  });
});
