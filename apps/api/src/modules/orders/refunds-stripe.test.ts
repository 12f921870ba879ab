import { ORDER_MESSAGES, type Order } from '@shop/contract/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, refunds } from '../../db/schema';
import { confirm, openSession } from '../../test/checkout-test-kit';
import { createAdmin, createProduct, createUser, type TestUser } from '../../test/factories';
import type { FakeStripeApi } from '../../test/fake-stripe/server';
import { deliverWebhook, signWebhook, startStripeShop, stripeEventPayload } from '../../test/stripe-test-kit';
import type { TestApp } from '../../test/test-app';
import { fulfilDepsOf } from './fulfil-deps';
import { runRefundRetry } from './refunds.service';

let fake: FakeStripeApi;
let t: TestApp;
let admin: TestUser;
let shop: Awaited<ReturnType<typeof startStripeShop>>;
beforeAll(async () => {
  shop = await startStripeShop();
  ({ fake, t } = shop);
  admin = await createAdmin(t.db);
});
afterAll(() => shop.close());

async function paidOrder(): Promise<Order> {
  const user = await createUser(t.db);
  const product = await createProduct(t.db, { priceCents: 5000 });
  const { id } = await openSession(t.app, user, [{ _id: product.id, quantity: 1 }]);
  fake.pay(id);
  const res = await confirm(t.app, user, id);
  expect(res.statusCode).toBe(200);
  return res.json().order;
}

const refund = (orderId: string, amountCents: number) =>
  t.app.inject({
    method: 'POST',
    url: `/api/orders/refund/${orderId}`,
    headers: admin.headers,
    payload: { kind: 'refund', amountCents },
  });

/** A signed Stripe event about `object`, delivered to the shop's webhook. */
function deliverEvent(type: string, object: unknown) {
  const payload = stripeEventPayload(type, object);
  return deliverWebhook(t.app, payload, signWebhook(payload));
}

/** Stripe's charge.refunded event for the payment, listing every refund Stripe has made of it. */
const deliverChargeRefunded = (paymentIntent: string) => deliverEvent('charge.refunded', fake.chargeOf(paymentIntent));

const orderRow = async (id: string) => (await t.db.select().from(orders).where(eq(orders.id, id)))[0];
const refundsOf = (orderId: string) => t.db.select().from(refunds).where(eq(refunds.orderId, orderId));

describe('refunds through Stripe (a local fake of its API)', () => {
  it('creates the refund with the shop refund id as its idempotency key and metadata', async () => {
    const order = await paidOrder();
    const res = await refund(order._id, 1234);
    expect(res.statusCode).toBe(200);
    const [row] = await refundsOf(order._id);
    const sent = fake.requests.filter((r) => r.path === '/v1/refunds');
    const request = sent.at(-1);
    expect(request?.headers['idempotency-key']).toBe(row?.id);
    expect(Object.fromEntries(request?.form ?? [])).toMatchObject({
      payment_intent: order.orderId,
      amount: '1234',
      'metadata[shopRefundId]': row?.id,
    });
    expect(row).toMatchObject({ status: 'succeeded', providerRefundId: expect.stringMatching(/^re_test_/) });
    expect(fake.refunds.get(row?.providerRefundId ?? '')?.amount).toBe(1234);
  });

  it('handles charge.refunded once: the shop own refund is not counted again, a dashboard refund is', async () => {
    const order = await paidOrder();
    expect((await refund(order._id, 1000)).statusCode).toBe(200);
    for (let i = 0; i < 2; i++) expect((await deliverChargeRefunded(order.orderId)).statusCode).toBe(200);
    expect((await orderRow(order._id))?.refundedCents).toBe(1000);
    expect(await refundsOf(order._id)).toHaveLength(1);

    // Refunded by hand in Stripe's dashboard, and the event delivered twice, once at the same time as a third.
    const dashboard = fake.refundInDashboard(order.orderId, 500);
    await Promise.all([deliverChargeRefunded(order.orderId), deliverChargeRefunded(order.orderId)]);
    expect((await deliverChargeRefunded(order.orderId)).statusCode).toBe(200);
    expect((await orderRow(order._id))?.refundedCents).toBe(1500);
    const rows = await refundsOf(order._id);
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.providerRefundId === dashboard.id)).toMatchObject({
      status: 'succeeded',
      amountCents: 500,
      kind: 'refund',
    });
  });

  it('records a dashboard refund told as refund.created and then refund.updated once', async () => {
    const order = await paidOrder();
    const dashboard = fake.refundInDashboard(order.orderId, 700);
    expect((await deliverEvent('refund.created', dashboard)).statusCode).toBe(200);
    expect((await deliverEvent('refund.updated', dashboard)).statusCode).toBe(200);
    expect((await deliverChargeRefunded(order.orderId)).statusCode).toBe(200);
    expect((await orderRow(order._id))?.refundedCents).toBe(700);
    expect(await refundsOf(order._id)).toEqual([
      expect.objectContaining({ providerRefundId: dashboard.id, amountCents: 700, status: 'succeeded' }),
    ]);
    // A refund that failed at Stripe gave nothing back.
    const failed = { ...fake.refundInDashboard(order.orderId, 100), status: 'failed' };
    expect((await deliverEvent('refund.updated', failed)).statusCode).toBe(200);
    expect((await orderRow(order._id))?.refundedCents).toBe(700);
  });

  it('never counts a dashboard refund past the amount, and closes the order when nothing is left', async () => {
    const order = await paidOrder();
    const total = Math.round(order.amount * 100);
    expect((await refund(order._id, total - 100)).statusCode).toBe(200);
    fake.refundInDashboard(order.orderId, 300);
    expect((await deliverChargeRefunded(order.orderId)).statusCode).toBe(200);
    expect(await orderRow(order._id)).toMatchObject({ refundedCents: total, status: 'refunded' });
  });

  it('answers 502 when Stripe refuses, marks the refund failed and leaves the amount to refund', async () => {
    const order = await paidOrder();
    fake.refuseNextRefund();
    const res = await refund(order._id, 800);
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/payment provider refused the refund .*Nothing was refunded/);
    expect((await orderRow(order._id))?.refundedCents).toBe(0);
    expect(await refundsOf(order._id)).toEqual([expect.objectContaining({ status: 'failed', amountCents: 800 })]);
    // Left to refund again.
    expect((await refund(order._id, 800)).statusCode).toBe(200);
    const over = await refund(order._id, Math.round(order.amount * 100));
    expect(over.json()).toEqual({ message: ORDER_MESSAGES.overRefund });
  });

  it('asks again, with the same key, for a refund a crash left pending', async () => {
    const order = await paidOrder();
    const createdAt = new Date(Date.now() - 10 * 60 * 1000);
    const [pending] = await t.db
      .insert(refunds)
      .values({ orderId: order._id, kind: 'refund', amountCents: 250, actorId: admin.id, createdAt })
      .returning();
    await t.db.update(orders).set({ refundedCents: 250 }).where(eq(orders.id, order._id));
    const deps = fulfilDepsOf(t.app.deps, t.app.log);
    await runRefundRetry(deps);
    await runRefundRetry(deps);
    const made = fake.requests.filter((r) => r.path === '/v1/refunds' && r.headers['idempotency-key'] === pending?.id);
    expect(made.length).toBeGreaterThanOrEqual(1);
    expect([...fake.refunds.values()].filter((r) => r.metadata.shopRefundId === pending?.id)).toHaveLength(1);
    expect(await refundsOf(order._id)).toEqual([expect.objectContaining({ status: 'succeeded', amountCents: 250 })]);
    expect((await orderRow(order._id))?.refundedCents).toBe(250);
  });
});
