import { RETURN_MESSAGES } from '@shop/contract/returns';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { builtinRefunds, orders, refunds } from '../db/schema';
import { createProduct, createUser } from '../test/factories';
import { cents, mailJobs, startRefundsShop, stopRefundsShop, t } from '../test/refunds-test-kit';
import { answeredLine, auditRowsOf, buy, inspect, lineRow, receivedReturn } from '../test/return-decisions-test-kit';

/** The owner accepts returned lines for a refund: the line's share of what was charged, once. */
beforeAll(startRefundsShop);
afterAll(stopRefundsShop);

const stock = [
  { size: 'S', onHand: 50 },
  { size: 'M', onHand: 50 },
];

async function discountedOrder() {
  const user = await createUser(t.db);
  const coat = await createProduct(t.db, { priceCents: 3333, sizeScale: 'clothing', stock });
  const scarf = await createProduct(t.db, { priceCents: 1001, sizeScale: 'clothing', stock });
  const bought = await buy(
    user,
    [
      { product: coat, size: 'S', quantity: 2 },
      { product: scarf, size: 'M', quantity: 2 },
    ],
    15,
  );
  const [order] = await t.db.select().from(orders).where(eq(orders.id, bought.order._id));
  if (!order) throw new Error('no order');
  // Discounted, and under the free-shipping line so that shipping was charged.
  expect(order.discountCents).toBeGreaterThan(0);
  expect(order.shippingCents).toBeGreaterThan(0);
  return { ...bought, row: order };
}

const paidOut = async (paymentId: string) =>
  (await t.db.select().from(builtinRefunds).where(eq(builtinRefunds.paymentId, paymentId))).reduce(
    (sum, r) => sum + r.amountCents,
    0,
  );

describe('accepting a line for a refund', () => {
  it('refunds its share of a discounted order; every line returned gives back the items charge to the cent', async () => {
    const { order, lines, row } = await discountedOrder();
    const [coat, scarf] = lines;
    if (!coat || !scarf) throw new Error('two lines expected');
    const itemsCharged = row.amountCents - row.shippingCents;
    const subtotal = 3333 * 2 + 1001 * 2;
    // Three returns: one coat, then the other coat and a scarf, then the last scarf.
    const plan = [
      [{ itemId: coat.id, quantity: 1 }],
      [
        { itemId: coat.id, quantity: 1 },
        { itemId: scarf.id, quantity: 1 },
      ],
      [{ itemId: scarf.id, quantity: 1 }],
    ];
    let given = 0;
    for (const returned of plan) {
      const ret = await receivedReturn(order, returned);
      for (const [i, lineId] of ret.lineIds.entries()) {
        const res = await inspect(ret.id, lineId, { decision: 'accept' });
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().message).toBe(RETURN_MESSAGES.refunded);
        const line = await lineRow(lineId);
        const asked = returned[i];
        if (!asked) throw new Error('line');
        const price = asked.itemId === coat.id ? 3333 : 1001;
        // Each unit is within a cent of its exact share of the items' charge.
        const exact = (itemsCharged * price * asked.quantity) / subtotal;
        expect(Math.abs((line.refundedCents ?? -1) - exact)).toBeLessThan(asked.quantity);
        expect(line).toMatchObject({ status: 'refunded', damaged: false });
        expect(line.refundId).not.toBeNull();
        expect(answeredLine(res.json(), lineId)).toMatchObject({
          status: 'refunded',
          refunded: (line.refundedCents ?? 0) / 100,
        });
        given += line.refundedCents ?? 0;
        expect(given).toBeLessThanOrEqual(itemsCharged);
      }
      const [done] = await t.db.select().from(refunds).where(eq(refunds.orderId, order._id));
      expect(done?.reason).toMatch(/^Return R\d{6}$/);
    }
    expect(given).toBe(itemsCharged);
    const [after] = await t.db.select().from(orders).where(eq(orders.id, order._id));
    expect(after?.refundedCents).toBe(itemsCharged);
    expect(await paidOut(order.orderId)).toBe(itemsCharged);
  });

  it('a faulty piece gets its share of the shipping too, never more than is left', async () => {
    const { order, lines, row } = await discountedOrder();
    expect(row.shippingCents).toBeGreaterThan(0);
    const ret = await receivedReturn(
      order,
      lines.map((l) => ({ itemId: l.id, quantity: l.quantity, reason: 'faulty' as const })),
    );
    for (const lineId of ret.lineIds)
      expect((await inspect(ret.id, lineId, { decision: 'accept' })).statusCode).toBe(200);
    const total = (await Promise.all(ret.lineIds.map(lineRow))).reduce((sum, l) => sum + (l.refundedCents ?? 0), 0);
    expect(total).toBe(row.amountCents);
    expect(await paidOut(order.orderId)).toBe(row.amountCents);
    const [after] = await t.db.select().from(orders).where(eq(orders.id, order._id));
    expect(after).toMatchObject({ refundedCents: row.amountCents, status: 'refunded' });
  });

  it('writes the audit row, marks the return done, and queues the return mail instead of the refund mail', async () => {
    const { order, lines } = await discountedOrder();
    const [coat] = lines;
    if (!coat) throw new Error('line');
    const ret = await receivedReturn(order, [{ itemId: coat.id, quantity: 1 }]);
    const [lineId] = ret.lineIds;
    if (!lineId) throw new Error('line');
    const res = await inspect(ret.id, lineId, { decision: 'accept', damaged: true });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().return.status).toBe('done');
    const line = await lineRow(lineId);
    expect(line).toMatchObject({ damaged: true, status: 'refunded' });
    expect(line.decidedAt).not.toBeNull();
    expect(line.decidedBy).not.toBeNull();
    const audit = await auditRowsOf(ret.id);
    expect(audit).toEqual([
      {
        kind: 'return.refunded',
        details: expect.objectContaining({ line: lineId, amountCents: line.refundedCents, damaged: true }),
      },
    ]);
    expect(await mailJobs(`return-refunded:${lineId}`)).toBe(1);
    expect(await mailJobs(`refund-issued:${line.refundId}`)).toBe(0);
  });
});

describe('what may be decided', () => {
  it('answers 404 for unknown ids, 409 before the parcel is received and once the line is decided', async () => {
    const { order, lines } = await discountedOrder();
    const [coat] = lines;
    if (!coat) throw new Error('line');
    const waiting = await receivedReturn(order, [{ itemId: coat.id, quantity: 1 }], 'requested');
    const [waitingLine] = waiting.lineIds;
    if (!waitingLine) throw new Error('line');
    const early = await inspect(waiting.id, waitingLine, { decision: 'accept' });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(RETURN_MESSAGES.notReceived);
    expect((await inspect(crypto.randomUUID(), waitingLine, { decision: 'accept' })).statusCode).toBe(404);
    expect((await inspect(waiting.id, crypto.randomUUID(), { decision: 'accept' })).statusCode).toBe(404);

    const ret = await receivedReturn(order, [{ itemId: coat.id, quantity: 1 }]);
    const [lineId] = ret.lineIds;
    if (!lineId) throw new Error('line');
    const noReason = await inspect(ret.id, lineId, { decision: 'reject', reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain(RETURN_MESSAGES.rejectReasonNeeded);
    const customer = await createUser(t.db);
    expect((await inspect(ret.id, lineId, { decision: 'accept' }, customer)).statusCode).toBe(403);
    expect((await inspect(ret.id, lineId, { decision: 'accept' })).statusCode).toBe(200);
    const again = await inspect(ret.id, lineId, { decision: 'reject', reason: 'Worn' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(RETURN_MESSAGES.lineDecided);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('decisions racing on PostgreSQL', () => {
  it('20 accepts of one line at once: one refund, the provider asked once, the others 409', async () => {
    const provider = t.app.deps.paymentProvider;
    for (let round = 0; round < 3; round++) {
      const { order, lines } = await discountedOrder();
      const [coat] = lines;
      if (!coat) throw new Error('line');
      const ret = await receivedReturn(order, [{ itemId: coat.id, quantity: 2 }]);
      const [lineId] = ret.lineIds;
      if (!lineId) throw new Error('line');
      const asked = vi.spyOn(provider, 'refund');
      const answers = await Promise.all(
        Array.from({ length: 20 }, () => inspect(ret.id, lineId, { decision: 'accept' })),
      );
      const codes = answers.map((a) => a.statusCode);
      expect(codes.filter((c) => c === 200)).toHaveLength(1);
      expect(codes.filter((c) => c === 409)).toHaveLength(19);
      for (const a of answers.filter((x) => x.statusCode === 409)) {
        expect(a.json().message).toBe(RETURN_MESSAGES.lineDecided);
      }
      expect(asked).toHaveBeenCalledTimes(1);
      asked.mockRestore();
      const made = await t.db.select().from(refunds).where(eq(refunds.orderId, order._id));
      expect(made).toHaveLength(1);
      const line = await lineRow(lineId);
      expect(made[0]).toMatchObject({ id: line.refundId, amountCents: line.refundedCents, status: 'succeeded' });
      expect(await paidOut(order.orderId)).toBe(line.refundedCents);
      expect(cents(order.amount)).toBeGreaterThan(line.refundedCents ?? 0);
    }
  }, 120_000);
});
