import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createProduct, createUser } from '../test/factories';
import {
  messageId,
  received,
  sentMailOf,
  startMailShop,
  stopMailShop,
  t,
  toText,
} from '../test/mail-delivery-test-kit';
import { buy, inspect, lineRow, receivedReturn, useShop } from '../test/return-decisions-test-kit';

/** The mails of the owner's decisions, sent to a real SMTP server by the mail worker. */
beforeAll(async () => {
  await startMailShop();
  useShop({ t, admin: await createAdmin(t.db) });
});
afterAll(async () => {
  useShop(undefined);
  await stopMailShop();
});

async function returned(outcome: 'refund' | 'exchange') {
  const user = await createUser(t.db);
  const shirt = await createProduct(t.db, {
    name: 'Linen shirt',
    priceCents: 3000,
    sizeScale: 'clothing',
    stock: [
      { size: 'M', onHand: 5 },
      { size: 'L', onHand: 5 },
    ],
  });
  const { order, lines } = await buy(user, [{ product: shirt, size: 'M', quantity: 1 }]);
  const [item] = lines;
  if (!item) throw new Error('line');
  const ret = await receivedReturn(order, [
    {
      itemId: item.id,
      quantity: 1,
      ...(outcome === 'exchange' && { exchangeFor: { product: shirt, size: 'L' } }),
    },
  ]);
  const [lineId] = ret.lineIds;
  if (!lineId) throw new Error('line');
  return { user, returnId: ret.id, lineId };
}

describe('the mails of a decision', () => {
  it('an accepted refund mails return-refunded with the amount, and no refund-issued mail', async () => {
    const { user, returnId, lineId } = await returned('refund');
    const res = await inspect(returnId, lineId, { decision: 'accept' });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await received(messageId('return-refunded', lineId));
    expect(toText(mail)).toBe(user.email);
    expect(mail.subject).toMatch(/^Your Lebaba return R\d{6}: refunded$/);
    const line = await lineRow(lineId);
    const dollars = `$${((line.refundedCents ?? 0) / 100).toFixed(2)}`;
    expect(line.refundedCents).toBeGreaterThan(0);
    expect(mail.text).toContain(dollars);
    expect(await sentMailOf(`refund-issued:${line.refundId}`)).toBeUndefined();
  });

  it('a shipped exchange mails return-exchange-shipped', async () => {
    const { user, returnId, lineId } = await returned('exchange');
    expect((await inspect(returnId, lineId, { decision: 'accept' })).statusCode).toBe(200);
    const mail = await received(messageId('return-exchange-shipped', lineId));
    expect(toText(mail)).toBe(user.email);
    expect(mail.subject).toBe('Your Lebaba exchange is on its way');
    expect(mail.text).toContain('Linen shirt');
  });

  it('a rejected line mails return-rejected with the reason', async () => {
    const { user, returnId, lineId } = await returned('refund');
    expect((await inspect(returnId, lineId, { decision: 'reject', reason: 'The tags were removed' })).statusCode).toBe(
      200,
    );
    const mail = await received(messageId('return-rejected', lineId));
    expect(toText(mail)).toBe(user.email);
    expect(mail.subject).toMatch(/^About your Lebaba return R\d{6}$/);
    expect(mail.text).toContain('The tags were removed');
  });
});
