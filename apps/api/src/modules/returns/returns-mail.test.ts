import { RETURN_ADDRESS_LINES } from '@shop/contract/returns';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { returnLines } from '../../db/schema';
import { createAdmin, createUser, type TestUser } from '../../test/factories';
import { messageId, received, startMailShop, stopMailShop, t, toText } from '../../test/mail-delivery-test-kit';
import { askReturn, buy, clothing, ship } from '../../test/returns-test-kit';
import { type ComposedMail, composeMail, NothingToSend } from '../mail/mail-compose';

/** The return mails, sent by the mail worker to a real SMTP server, and those of a decided line composed. */
let admin: TestUser;
beforeAll(async () => {
  await startMailShop();
  admin = await createAdmin(t.db);
});
afterAll(stopMailShop);

/** A customer's shipped order of two lines, and a return of both: one refunded, one exchanged for L. */
async function requested() {
  const user = await createUser(t.db);
  const product = await clothing(t.db, { priceCents: 3000 });
  const { orderId, items } = await buy(t.app, t.db, user, [
    { _id: product.id, quantity: 1, size: 'M' },
    { _id: product.id, quantity: 1, size: 'S' },
  ]);
  await ship(t.app, admin, orderId);
  const res = await askReturn(t.app, user, {
    orderId,
    lines: [
      { itemId: items[0]?.id, quantity: 1, reason: 'faulty', outcome: 'refund' },
      { itemId: items[1]?.id, quantity: 1, reason: 'too_small', outcome: 'exchange', exchange: { size: 'L' } },
    ],
  });
  expect(res.statusCode, res.body).toBe(201);
  const made = res.json().return as { _id: string; number: string; lines: { _id: string }[] };
  return { user, orderId, product, made };
}

describe('the return mails over SMTP', () => {
  it('authorised: the number, the lines and what to do, linking to the order', async () => {
    const { user, orderId, product, made } = await requested();
    const mail = await received(messageId('return-authorised', made._id));
    expect(toText(mail)).toContain(user.email);
    expect(mail.subject).toContain(made.number);
    const text = mail.text ?? '';
    expect(text).toContain(made.number);
    expect(text).toContain(`1 × ${product.name} (Size M), for a refund`);
    expect(text).toContain(`1 × ${product.name} (Size S), to exchange for size L`);
    expect(text).toMatch(/Pack the items/);
    expect(text).toMatch(/Write the return number/);
    expect(text).toMatch(/Keep the receipt/);
    for (const line of RETURN_ADDRESS_LINES) expect(text).toContain(line);
    expect(mail.html).toContain(`http://shop.test/orders/${orderId}`);
  });

  it('received: the parcel arrived and is being checked', async () => {
    const { user, made } = await requested();
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/returns/${made._id}/receive`,
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const mail = await received(messageId('return-received', made._id));
    expect(toText(mail)).toContain(user.email);
    expect(mail.subject).toContain(made.number);
    expect(mail.text).toMatch(/arrived/);
    expect(mail.text).toMatch(/checking/);
  });
});

describe('the mails of a decided line', () => {
  const compose = (kind: 'return-refunded' | 'return-exchange-shipped' | 'return-rejected', lineId: string) =>
    composeMail({ db: t.db, publicUrl: 'http://shop.test', sealed: undefined }, kind, lineId);

  it('say the amount refunded, the exchange sent, or why the line was rejected; nothing before', async () => {
    const { orderId, product, made } = await requested();
    const [refunded, exchanged] = made.lines;
    if (!refunded || !exchanged) throw new Error('two lines expected');
    expect(await compose('return-refunded', refunded._id)).toBeInstanceOf(NothingToSend);
    await t.db
      .update(returnLines)
      .set({ status: 'refunded', refundedCents: 3150 })
      .where(eq(returnLines.id, refunded._id));
    const refund = (await compose('return-refunded', refunded._id)) as ComposedMail;
    expect(refund.text).toContain('$31.50');
    expect(refund.html).toContain(`http://shop.test/orders/${orderId}`);

    await t.db.update(returnLines).set({ status: 'exchanged' }).where(eq(returnLines.id, exchanged._id));
    const shipped = (await compose('return-exchange-shipped', exchanged._id)) as ComposedMail;
    expect(shipped.text).toContain(`1 × ${product.name} (size L)`);
    expect(shipped.subject).toMatch(/on its way/);
    expect(await compose('return-rejected', exchanged._id)).toBeInstanceOf(NothingToSend);

    await t.db
      .update(returnLines)
      .set({ status: 'rejected', rejectReason: 'The label was removed.' })
      .where(eq(returnLines.id, exchanged._id));
    const rejected = (await compose('return-rejected', exchanged._id)) as ComposedMail;
    expect(rejected.text).toContain('The label was removed.');
    expect(await compose('return-rejected', crypto.randomUUID())).toBeInstanceOf(NothingToSend);
  });
});
