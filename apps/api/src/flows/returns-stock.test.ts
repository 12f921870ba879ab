import { RETURN_MESSAGES } from '@shop/contract/returns';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productVariants, refunds } from '../db/schema';
import { endHold } from '../modules/inventory/inventory.service';
import { createProduct, createUser } from '../test/factories';
import { mailJobs, startRefundsShop, stopRefundsShop, t } from '../test/refunds-test-kit';
import {
  auditRowsOf,
  buy,
  inspect,
  ledgerOf,
  lineRow,
  receivedReturn,
  sizesOf,
} from '../test/return-decisions-test-kit';

/** What an accepted or rejected line does to stock: back on the shelf, an exchange shipped, a hold released. */
beforeAll(startRefundsShop);
afterAll(stopRefundsShop);

async function boughtDress(quantity = 2) {
  const user = await createUser(t.db);
  const dress = await createProduct(t.db, {
    priceCents: 4500,
    sizeScale: 'clothing',
    stock: [
      { size: 'S', onHand: 10 },
      { size: 'M', onHand: 10 },
      { size: 'L', onHand: 3 },
    ],
  });
  const { order, lines } = await buy(user, [{ product: dress, size: 'M', quantity }]);
  const [line] = lines;
  if (!line) throw new Error('line');
  return { dress, order, itemId: line.id };
}

async function onlyLine(ret: { lineIds: string[] }) {
  const [lineId] = ret.lineIds;
  if (!lineId) throw new Error('line');
  return lineId;
}

describe('accepted pieces go back to stock', () => {
  it("with the ledger reason 'return', and none when damaged", async () => {
    const { dress, order, itemId } = await boughtDress(2);
    expect((await sizesOf(dress.id)).M).toEqual({ onHand: 8, reserved: 0 });
    const ret = await receivedReturn(order, [
      { itemId, quantity: 1 },
      { itemId, quantity: 1 },
    ]);
    const [kept, damaged] = ret.lineIds;
    if (!kept || !damaged) throw new Error('lines');
    expect((await inspect(ret.id, kept, { decision: 'accept' })).statusCode).toBe(200);
    expect((await sizesOf(dress.id)).M).toEqual({ onHand: 9, reserved: 0 });
    expect(await ledgerOf(dress.id, 'return')).toEqual([{ size: 'M', onHand: 1, reserved: 0 }]);

    expect((await inspect(ret.id, damaged, { decision: 'accept', damaged: true })).statusCode).toBe(200);
    expect((await sizesOf(dress.id)).M).toEqual({ onHand: 9, reserved: 0 });
    expect(await ledgerOf(dress.id, 'return')).toHaveLength(1);
    expect(await ledgerOf(dress.id, 'restock')).toEqual([]);
  });

  it('a size deleted since is skipped, and the line is still refunded', async () => {
    const { dress, order, itemId } = await boughtDress(1);
    await t.db
      .delete(productVariants)
      .where(and(eq(productVariants.productId, dress.id), eq(productVariants.size, 'M')));
    const ret = await receivedReturn(order, [{ itemId, quantity: 1 }]);
    const res = await inspect(ret.id, await onlyLine(ret), { decision: 'accept' });
    expect(res.statusCode, res.body).toBe(200);
    expect(await ledgerOf(dress.id, 'return')).toEqual([]);
    expect((await lineRow(await onlyLine(ret))).status).toBe('refunded');
  });
});

describe('an accepted exchange ships', () => {
  it('the new size leaves stock as a sale, the returned size comes back, no money moves', async () => {
    const { dress, order, itemId } = await boughtDress(1);
    const ret = await receivedReturn(order, [{ itemId, quantity: 1, exchangeFor: { product: dress, size: 'L' } }]);
    const lineId = await onlyLine(ret);
    expect((await sizesOf(dress.id)).L).toEqual({ onHand: 3, reserved: 1 });
    const res = await inspect(ret.id, lineId, { decision: 'accept' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ message: RETURN_MESSAGES.exchanged, return: { status: 'done' } });
    const sizes = await sizesOf(dress.id);
    expect(sizes.L).toEqual({ onHand: 2, reserved: 0 });
    expect(sizes.M).toEqual({ onHand: 10, reserved: 0 });
    expect(await ledgerOf(dress.id, 'sale')).toContainEqual({ size: 'L', onHand: -1, reserved: -1 });
    expect(await ledgerOf(dress.id, 'return')).toEqual([{ size: 'M', onHand: 1, reserved: 0 }]);
    expect(await t.db.select().from(refunds).where(eq(refunds.orderId, order._id))).toEqual([]);
    expect(await lineRow(lineId)).toMatchObject({ status: 'exchanged', refundId: null });
    expect(await mailJobs(`return-exchange-shipped:${lineId}`)).toBe(1);
    expect((await auditRowsOf(ret.id)).map((a) => a.kind)).toEqual(['return.exchanged']);
  });

  it('a hold that ran out sells from what is left, and a sold-out size leaves the line pending', async () => {
    const { dress, order, itemId } = await boughtDress(1);
    const ret = await receivedReturn(order, [{ itemId, quantity: 1, exchangeFor: { product: dress, size: 'L' } }]);
    const lineId = await onlyLine(ret);
    const { exchangeHoldId } = await lineRow(lineId);
    if (!exchangeHoldId) throw new Error('hold');
    await t.db.transaction((tx) => endHold(tx, exchangeHoldId, 'expired', null));
    await t.db
      .update(productVariants)
      .set({ onHand: 0 })
      .where(and(eq(productVariants.productId, dress.id), eq(productVariants.size, 'L')));
    const soldOut = await inspect(ret.id, lineId, { decision: 'accept' });
    expect(soldOut.statusCode).toBe(409);
    expect((await lineRow(lineId)).status).toBe('pending');
    expect((await sizesOf(dress.id)).M).toEqual({ onHand: 9, reserved: 0 });

    await t.db
      .update(productVariants)
      .set({ onHand: 2 })
      .where(and(eq(productVariants.productId, dress.id), eq(productVariants.size, 'L')));
    expect((await inspect(ret.id, lineId, { decision: 'accept' })).statusCode).toBe(200);
    expect((await sizesOf(dress.id)).L).toEqual({ onHand: 1, reserved: 0 });
  });
});

describe('a rejected line', () => {
  it("stays with the customer; an exchange's held size is released", async () => {
    const { dress, order, itemId } = await boughtDress(1);
    const ret = await receivedReturn(order, [{ itemId, quantity: 1, exchangeFor: { product: dress, size: 'L' } }]);
    const lineId = await onlyLine(ret);
    const res = await inspect(ret.id, lineId, { decision: 'reject', reason: 'Worn and washed' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: RETURN_MESSAGES.rejected,
      return: { status: 'done', lines: [{ status: 'rejected', rejectReason: 'Worn and washed' }] },
    });
    const sizes = await sizesOf(dress.id);
    expect(sizes.L).toEqual({ onHand: 3, reserved: 0 });
    expect(sizes.M).toEqual({ onHand: 9, reserved: 0 });
    expect(await ledgerOf(dress.id, 'return')).toEqual([]);
    expect(await mailJobs(`return-rejected:${lineId}`)).toBe(1);
    const [audit] = await auditRowsOf(ret.id);
    expect(audit).toMatchObject({ kind: 'return.rejected', details: { line: lineId, amountCents: 0, damaged: false } });
  });

  it('leaves the return received while another line waits', async () => {
    const { order, itemId } = await boughtDress(2);
    const ret = await receivedReturn(order, [
      { itemId, quantity: 1 },
      { itemId, quantity: 1 },
    ]);
    const [first] = ret.lineIds;
    if (!first) throw new Error('line');
    const res = await inspect(ret.id, first, { decision: 'reject', reason: 'Not ours' });
    expect(res.json().return.status).toBe('received');
  });
});
