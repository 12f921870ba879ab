import { ORDER_MESSAGES } from '@shop/contract/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinRefunds, orders, productVariants, refunds } from '../../db/schema';
import { createUser } from '../../test/factories';
import {
  admin,
  adminStats,
  cents,
  mailJobs,
  placeOrder,
  refund,
  restockLedgerOf,
  startRefundsShop,
  stockOf,
  stopRefundsShop,
  t,
  userStats,
} from '../../test/refunds-test-kit';
import { adminStats as adminStatsOf } from '../stats/stats.service';

/** Refunds and cancellations through the API: the money, the stock, the mails, the dashboards and who may. */
beforeAll(startRefundsShop);
afterAll(stopRefundsShop);

describe('POST /api/orders/refund/:id', () => {
  it('refunds part of an order through the builtin provider, once per refund, and mails it', async () => {
    const user = await createUser(t.db);
    const { order, product } = await placeOrder(user);
    const res = await refund(order._id, { kind: 'refund', amountCents: 1050, reason: 'Late delivery' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe(ORDER_MESSAGES.refunded);
    expect(body.order).toMatchObject({ status: 'pending', refunded: 10.5 });
    expect(body.order.refunds).toEqual([
      { _id: expect.any(String), kind: 'refund', amount: 10.5, reason: 'Late delivery', createdAt: expect.any(String) },
    ]);
    const refundId = body.order.refunds[0]._id;
    const made = await t.db.select().from(builtinRefunds).where(eq(builtinRefunds.idempotencyKey, refundId));
    expect(made).toEqual([expect.objectContaining({ paymentId: order.orderId, amountCents: 1050 })]);
    const [row] = await t.db.select().from(refunds).where(eq(refunds.id, refundId));
    expect(row).toMatchObject({ status: 'succeeded', providerRefundId: made[0]?.id, actorId: admin.id });
    expect(await mailJobs(`refund-issued:${refundId}`)).toBe(1);
    // No line named: nothing goes back to stock.
    expect(await stockOf(product.id)).toEqual({ S: 4, M: 3 });

    // The customer sees it on the order.
    const mine = await t.app.inject({ method: 'GET', url: `/api/orders/order/${order._id}`, headers: user.headers });
    expect(mine.json()).toMatchObject({ refunded: 10.5, refunds: [{ amount: 10.5 }] });
  });

  it('puts the named lines back in stock with ledger rows, never more than was bought', async () => {
    const user = await createUser(t.db);
    const { order, product } = await placeOrder(user);
    const medium = order.products.find((p) => p.size === 'M');
    if (!medium) throw new Error('no M line');
    const res = await refund(order._id, {
      kind: 'refund',
      amountCents: 2000,
      restock: [{ itemId: medium._id, quantity: 1 }],
    });
    expect(res.statusCode).toBe(200);
    expect(await stockOf(product.id)).toEqual({ S: 4, M: 4 });
    expect(await restockLedgerOf(product.id)).toEqual([{ size: 'M', delta: 1, actorId: admin.id }]);

    const tooMany = await refund(order._id, {
      kind: 'refund',
      amountCents: 100,
      restock: [{ itemId: medium._id, quantity: 2 }],
    });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(/Only 1 of ".+" can still go back to stock/);
    const stranger = await refund(order._id, {
      kind: 'refund',
      amountCents: 100,
      restock: [{ itemId: crypto.randomUUID(), quantity: 1 }],
    });
    expect(stranger.statusCode).toBe(400);
    // Refused: nothing was counted.
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row?.refundedCents).toBe(2000);
  });

  it('refunds all of an order: the order is refunded and both dashboards earn nothing from it', async () => {
    const user = await createUser(t.db);
    const before = await adminStats();
    const { order } = await placeOrder(user, 4000);
    const paid = await adminStats();
    const month = new Date().getUTCMonth();
    expect(paid.totalEarnings).toBeCloseTo(before.totalEarnings + order.amount, 2);
    expect((await userStats(user)).totalPayments).toBeCloseTo(order.amount, 2);

    expect((await refund(order._id, { kind: 'refund', amountCents: 1000 })).statusCode).toBe(200);
    const partly = await adminStats();
    expect(partly.totalEarnings).toBeCloseTo(paid.totalEarnings - 10, 2);
    expect(partly.monthlyEarnings[month].earnings).toBeCloseTo(paid.monthlyEarnings[month].earnings - 10, 2);
    expect((await userStats(user)).totalPayments).toBeCloseTo(order.amount - 10, 2);

    const rest = cents(order.amount) - 1000;
    const res = await refund(order._id, { kind: 'refund', amountCents: rest });
    expect(res.statusCode).toBe(200);
    expect(res.json().order).toMatchObject({ status: 'refunded', refunded: order.amount });
    const after = await adminStats();
    expect(after.totalEarnings).toBeCloseTo(before.totalEarnings, 2);
    expect(after.monthlyEarnings[month].earnings).toBeCloseTo(before.monthlyEarnings[month].earnings, 2);
    expect((await userStats(user)).totalPayments).toBe(0);

    const again = await refund(order._id, { kind: 'refund', amountCents: 1 });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: ORDER_MESSAGES.nothingToRefund });
  });

  it('lowers the earnings of the month the money went back, not those of the month of the order', async () => {
    const user = await createUser(t.db);
    const { order } = await placeOrder(user, 3000);
    // Placed in December of last year, refunded now.
    const lastYear = new Date().getUTCFullYear() - 1;
    await t.db
      .update(orders)
      .set({ createdAt: new Date(Date.UTC(lastYear, 11, 15, 12)) })
      .where(eq(orders.id, order._id));
    const december = async () => (await adminStatsOf(t.db, new Date(Date.UTC(lastYear, 11, 20)))).monthlyEarnings[11];
    const month = new Date().getUTCMonth();
    const before = await adminStats();
    expect(await december()).toEqual({ month: 12, earnings: order.amount });

    expect((await refund(order._id, { kind: 'refund', amountCents: 1000 })).statusCode).toBe(200);
    const after = await adminStats();
    expect(await december()).toEqual({ month: 12, earnings: order.amount });
    expect(after.monthlyEarnings[month].earnings).toBeCloseTo(before.monthlyEarnings[month].earnings - 10, 2);
    expect(after.totalEarnings).toBeCloseTo(before.totalEarnings - 10, 2);
  });

  it('cancels an order: what is left is refunded and every line goes back to stock', async () => {
    const user = await createUser(t.db);
    const { order, product } = await placeOrder(user);
    const small = order.products.find((p) => p.size === 'S');
    if (!small) throw new Error('no S line');
    // A refund first, which already put the S back.
    await refund(order._id, { kind: 'refund', amountCents: 500, restock: [{ itemId: small._id, quantity: 1 }] });
    expect(await stockOf(product.id)).toEqual({ S: 5, M: 3 });

    const res = await refund(order._id, { kind: 'cancellation', reason: 'Customer asked' });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toBe(ORDER_MESSAGES.cancelled);
    expect(res.json().order).toMatchObject({ status: 'cancelled', refunded: order.amount });
    expect(res.json().order.refunds.map((r: { kind: string; amount: number }) => [r.kind, r.amount])).toEqual([
      ['refund', 5],
      ['cancellation', order.amount - 5],
    ]);
    expect(await stockOf(product.id)).toEqual({ S: 5, M: 5 });
    const ledger = await restockLedgerOf(product.id);
    expect(ledger.map((l) => [l.size, l.delta]).sort()).toEqual([
      ['M', 2],
      ['S', 1],
    ]);

    // The status modal cannot reopen it.
    const reopen = await t.app.inject({
      method: 'PATCH',
      url: `/api/orders/update-order-status/${order._id}`,
      headers: admin.headers,
      payload: { status: 'processing' },
    });
    expect(reopen.statusCode).toBe(409);
    expect(reopen.json().message).toMatch(/cancelled/);
  });

  it('skips lines whose size is gone when restocking', async () => {
    const user = await createUser(t.db);
    const { order, product } = await placeOrder(user);
    await t.db.delete(productVariants).where(eq(productVariants.size, 'S'));
    const res = await refund(order._id, { kind: 'cancellation' });
    expect(res.statusCode).toBe(200);
    expect(await stockOf(product.id)).toEqual({ M: 5 });
  });

  it('refuses more than what is left with a message and changes nothing', async () => {
    const user = await createUser(t.db);
    const { order } = await placeOrder(user);
    const res = await refund(order._id, { kind: 'refund', amountCents: cents(order.amount) + 1 });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: ORDER_MESSAGES.overRefund });
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row).toMatchObject({ refundedCents: 0, status: 'pending' });
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, order._id))).toEqual([]);

    const noAmount = await refund(order._id, { kind: 'refund' });
    expect(noAmount.statusCode).toBe(400);
    const missing = await refund(crypto.randomUUID(), { kind: 'cancellation' });
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: ORDER_MESSAGES.notFound });
  });

  it('is for admins only', async () => {
    const user = await createUser(t.db);
    const { order } = await placeOrder(user);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: `/api/orders/refund/${order._id}`,
      payload: { kind: 'cancellation' },
    });
    expect(anonymous.statusCode).toBe(401);
    const customer = await refund(order._id, { kind: 'cancellation' }, user);
    expect(customer.statusCode).toBe(403);
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row).toMatchObject({ refundedCents: 0, status: 'pending' });
  });
});
