import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { builtinRefunds, orders, refunds } from '../db/schema';
import { fulfilDepsOf } from '../modules/orders/fulfil-deps';
import { REFUND_RETRY_AFTER_MS, runRefundRetry } from '../modules/orders/refunds.service';
import { RefundRefusedError } from '../modules/payments/payment-provider';
import { createProduct, createUser } from '../test/factories';
import { mailJobs, startRefundsShop, stopRefundsShop, t } from '../test/refunds-test-kit';
import { buy, inspect, lineRow, receivedReturn } from '../test/return-decisions-test-kit';

/** A return's refund when the payment provider is silent or says no: the refund machinery's retries, once. */
beforeAll(startRefundsShop);
afterAll(stopRefundsShop);

async function acceptedLine() {
  const user = await createUser(t.db);
  const shoe = await createProduct(t.db, {
    priceCents: 6000,
    sizeScale: 'clothing',
    stock: [{ size: 'M', onHand: 5 }],
  });
  const { order, lines } = await buy(user, [{ product: shoe, size: 'M', quantity: 1 }]);
  const [item] = lines;
  if (!item) throw new Error('line');
  const ret = await receivedReturn(order, [{ itemId: item.id, quantity: 1 }]);
  const [lineId] = ret.lineIds;
  if (!lineId) throw new Error('line');
  return { order, returnId: ret.id, lineId };
}

const paidOut = async (paymentId: string) =>
  (await t.db.select().from(builtinRefunds).where(eq(builtinRefunds.paymentId, paymentId))).reduce(
    (sum, r) => sum + r.amountCents,
    0,
  );

describe("a return's refund and the payment provider", () => {
  it('a silent provider: the decision stands, the retry job refunds once and queues the mail once', async () => {
    const { order, returnId, lineId } = await acceptedLine();
    const asked = vi.spyOn(t.app.deps.paymentProvider, 'refund').mockRejectedValueOnce(new Error('socket hang up'));
    const res = await inspect(returnId, lineId, { decision: 'accept' });
    expect(res.statusCode).toBe(503);
    const line = await lineRow(lineId);
    expect(line.status).toBe('refunded');
    const [pending] = await t.db.select().from(refunds).where(eq(refunds.orderId, order._id));
    expect(pending).toMatchObject({ id: line.refundId, status: 'pending', amountCents: line.refundedCents });
    expect(await mailJobs(`return-refunded:${lineId}`)).toBe(0);
    // The owner tries again: the line is decided, nothing more is opened.
    expect((await inspect(returnId, lineId, { decision: 'accept' })).statusCode).toBe(409);

    const deps = fulfilDepsOf(t.app.deps, t.app.log);
    const later = new Date(Date.now() + REFUND_RETRY_AFTER_MS + 60_000);
    await runRefundRetry(deps, later);
    await runRefundRetry(deps, later);
    expect(asked).toHaveBeenCalledTimes(2);
    asked.mockRestore();
    const made = await t.db.select().from(refunds).where(eq(refunds.orderId, order._id));
    expect(made).toEqual([expect.objectContaining({ status: 'succeeded', amountCents: line.refundedCents })]);
    expect(await paidOut(order.orderId)).toBe(line.refundedCents);
    expect(await mailJobs(`return-refunded:${lineId}`)).toBe(1);
    expect(await mailJobs(`refund-issued:${line.refundId}`)).toBe(0);
  });

  it('a refusing provider: nothing refunded, the line says so, and what is left may be refunded again', async () => {
    const { order, returnId, lineId } = await acceptedLine();
    const asked = vi
      .spyOn(t.app.deps.paymentProvider, 'refund')
      .mockRejectedValueOnce(new RefundRefusedError('the card is closed'));
    const res = await inspect(returnId, lineId, { decision: 'accept' });
    asked.mockRestore();
    expect(res.statusCode).toBe(502);
    expect(res.json().message).toMatch(/Nothing was refunded.*refund it from the order/);
    expect(await lineRow(lineId)).toMatchObject({ status: 'refunded', refundedCents: 0 });
    const [failed] = await t.db.select().from(refunds).where(eq(refunds.orderId, order._id));
    expect(failed?.status).toBe('failed');
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order._id));
    expect(row?.refundedCents).toBe(0);
    expect(await paidOut(order.orderId)).toBe(0);
    expect(await mailJobs(`return-refunded:${lineId}`)).toBe(0);
  });
});
