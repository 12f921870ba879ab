import { randomUUID } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, productColours, sentMails } from '../../db/schema';
import { createProduct, createUser } from '../../test/factories';
import {
  handler,
  mailsWithId,
  messageId,
  received,
  sentMailOf,
  smtp,
  startMailShop,
  stopMailShop,
  t,
  toText,
} from '../../test/mail-delivery-test-kit';
import { buy, waitUntil } from '../../test/mail-test-kit';
import { mailJobHandler } from './mail-worker';

/** The order confirmation's content and record, and a batch of mail jobs sent, skipped and refused. */
beforeAll(startMailShop);
afterAll(stopMailShop);

describe('the order confirmation over SMTP', () => {
  it('goes to the buyer with every item, its size, quantity and price, and the totals to the cent', async () => {
    const user = await createUser(t.db);
    const dress = await createProduct(t.db, {
      name: 'Linen Wrap Dress',
      priceCents: 8999,
      sizeScale: 'clothing',
      stock: [{ size: 'M', onHand: 5 }],
    });
    const belt = await createProduct(t.db, { name: 'Woven Belt', priceCents: 1250 });
    const { order } = await buy(t.app, user, [
      { _id: dress.id, quantity: 1, size: 'M' },
      { _id: belt.id, quantity: 2 },
    ]);
    const mail = await received(messageId('order-confirmation', order._id));
    const [row] = await t.db.select().from(orders).where(eq(orders.id, order._id));
    if (!row) throw new Error('no order');

    expect(toText(mail)).toBe(user.email);
    expect(mail.subject).toBe('Your Lebaba order is confirmed');
    expect(mail.from?.text).toContain('Lebaba');
    const text = mail.text ?? '';
    expect(text).toContain('Linen Wrap Dress');
    expect(text).toMatch(/Size M · 1 × \$89\.99/);
    expect(text).toContain('Woven Belt');
    expect(text).toMatch(/2 × \$12\.50\s+\$25\.00/);
    // 89.99 + 2 x 12.50 = 114.99; 5% tax of it, rounded once, is 5.75.
    expect(row.subtotalCents).toBe(11_499);
    expect(row.taxCents).toBe(575);
    expect(text).toMatch(/Subtotal\s+\$114\.99/);
    expect(text).toMatch(/Tax\s+\$5\.75/);
    expect(row.amountCents).toBe(11_499 + 575 + row.shippingCents);
    expect(text).toMatch(new RegExp(`Grand Total\\s+\\$${(row.amountCents / 100).toFixed(2).replace('.', '\\.')}`));
    if (row.shippingMethod) {
      expect(text).toMatch(/Shipping \(Standard\)\s+\$0\.00/);
      expect(text).toContain('12 Analytical Row');
      expect(text).toContain('United Kingdom');
    }
    expect(text).toContain(`http://shop.test/orders/${order._id}`);
    expect(mail.html).toContain(`href="http://shop.test/orders/${order._id}"`);
    expect(mail.html).toContain('$114.99');

    const eventKey = `order-confirmation:${order._id}`;
    // The worker records its batch's mails once they are all handed over, a moment after the SMTP server has them.
    await waitUntil(async () => (await sentMailOf(eventKey)) !== undefined, 'the record of the sent mail');
    expect(await sentMailOf(eventKey)).toMatchObject({
      kind: 'order-confirmation',
      recipient: user.email,
      subject: mail.subject,
    });
  });

  it("names a line's colour with its size, at the colour's price", async () => {
    const user = await createUser(t.db);
    const dress = await createProduct(t.db, {
      name: 'Tencel Tea Dress',
      color: 'black',
      colours: ['black', 'red'],
      priceCents: 6900,
      sizeScale: 'clothing',
      stock: [{ size: 'M', onHand: 5 }],
    });
    await t.db
      .update(productColours)
      .set({ priceCents: 7900 })
      .where(and(eq(productColours.productId, dress.id), eq(productColours.color, 'red')));
    const { order } = await buy(t.app, user, [{ _id: dress.id, quantity: 1, colour: 'red', size: 'M' }]);
    const mail = await received(messageId('order-confirmation', order._id));
    expect(mail.text ?? '').toMatch(/Red, size M · 1 × \$79\.00/);
  });

  it('is not sent again when its job runs again, and a job about nothing ends without a mail', async () => {
    const user = await createUser(t.db);
    const product = await createProduct(t.db, { priceCents: 2000 });
    const { order } = await buy(t.app, user, [{ _id: product.id, quantity: 1 }]);
    const id = messageId('order-confirmation', order._id);
    await received(id);
    // The worker records its batch's mails once they are all handed over: run the job again after that.
    const recorded = async () => (await sentMailOf(`order-confirmation:${order._id}`)) !== undefined;
    await waitUntil(recorded, 'the record of the sent mail');
    const before = smtp.received.length;
    await handler()({ eventKey: `order-confirmation:${order._id}` });
    await handler()({ eventKey: `order-confirmation:${randomUUID()}` });
    await handler()({ eventKey: 'order-confirmation:../../etc' });
    await handler()({ eventKey: 'newsletter:1' });
    expect(smtp.received.length).toBe(before);
    expect(mailsWithId(id)).toHaveLength(1);
  });
});

describe('a batch of mail jobs', () => {
  it('sends each event its own mail, skips what was sent, and fails only the job whose send was refused', async () => {
    const product = await createProduct(t.db, { priceCents: 1500 });
    const buyers = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db)]);
    const orderIds: string[] = [];
    for (const buyer of buyers) orderIds.push((await buy(t.app, buyer, [{ _id: product.id, quantity: 1 }])).order._id);
    // The shop's own worker has sent the first one already; the batch runs on the others' records removed,
    // once the worker has written them (it records a batch after handing all its mails over).
    const keys = orderIds.map((id) => `order-confirmation:${id}`);
    const allRecorded = async () =>
      (await t.db.select().from(sentMails).where(inArray(sentMails.eventKey, keys))).length === keys.length;
    await waitUntil(allRecorded, 'the records of the three mails');
    await t.db.delete(sentMails).where(
      inArray(
        sentMails.eventKey,
        orderIds.slice(1).map((id) => `order-confirmation:${id}`),
      ),
    );

    const sent: string[] = [];
    const refused = buyers[2]?.email;
    const work = mailJobHandler({
      db: t.db,
      sender: {
        async send(mail) {
          if (mail.to === refused) throw new Error(`550 mailbox unavailable: ${mail.to}`);
          sent.push(mail.to);
        },
        close() {},
      },
      publicUrl: 'http://shop.test',
      log: t.app.log,
    });
    const outcomes = await work(orderIds.map((id) => ({ eventKey: `order-confirmation:${id}` })));

    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    // Already recorded: not sent again. The second: sent and recorded. The third: left to be tried again.
    expect(sent).toEqual([buyers[1]?.email]);
    const records = await t.db
      .select({ eventKey: sentMails.eventKey })
      .from(sentMails)
      .where(
        inArray(
          sentMails.eventKey,
          orderIds.map((id) => `order-confirmation:${id}`),
        ),
      );
    expect(records.map((r) => r.eventKey).sort()).toEqual(
      orderIds
        .slice(0, 2)
        .map((id) => `order-confirmation:${id}`)
        .sort(),
    );
  });
});
