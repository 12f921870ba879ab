import { randomBytes, randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, passwordResetTokens, refunds, sentMails } from '../../db/schema';
import { shippedMailEventKey, trackingTag } from '../../platform/mail-jobs';
import { createAdmin, createProduct, createUser } from '../../test/factories';
import { buy, startSmtpServer, type TestSmtpServer, waitUntil } from '../../test/mail-test-kit';
import { createTestApp, type TestApp } from '../../test/test-app';
import { startPasswordResetWorker } from '../auth/password-reset.service';
import { mailSealKey, sealForMail } from './mail-seal';
import { mailJobHandler, startMailWorker } from './mail-worker';

let smtp: TestSmtpServer;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpServer();
  // A short ceiling between tries keeps the outage test near 40 s; production waits up to 20 s.
  t = await createTestApp({ env: { SMTP_URL: smtp.url, MAIL_RETRY_DELAY_MAX_SECONDS: '4' } });
  await startMailWorker(t.app.deps, t.app.log);
  // A reset request is a job of its own, which writes the link and queues its mail.
  await startPasswordResetWorker({ db: t.db, jobs: t.app.deps.jobs, log: t.app.log });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const messageId = (kind: string, id: string) => `<${kind}.${id}@shop.test>`;
const mailsWithId = (id: string) => smtp.received.filter((m) => m.messageId === id);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const batchHandler = () =>
  mailJobHandler({ db: t.db, sender: t.app.deps.mailSender, publicUrl: 'http://shop.test', log: t.app.log });
/** One job worked on its own, as a batch of one; a job the queue would try again throws. */
const handler = () => async (job: { eventKey: string; sealed?: string }) => {
  const [outcome] = await batchHandler()([job]);
  if (outcome?.status === 'rejected') throw outcome.reason;
};

async function received(id: string): Promise<ParsedMail> {
  await waitUntil(() => mailsWithId(id).length > 0, `the mail ${id}`);
  const [mail] = mailsWithId(id);
  if (!mail) throw new Error('no mail');
  return mail;
}

const toText = (mail: ParsedMail) => (Array.isArray(mail.to) ? mail.to : [mail.to]).map((a) => a?.text).join(', ');

/** The shop's record of the mail sent for an event, if it has one. */
async function sentMailOf(eventKey: string) {
  const [row] = await t.db.select().from(sentMails).where(eq(sentMails.eventKey, eventKey));
  return row;
}

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

describe('the other mails', () => {
  async function paidOrder() {
    const user = await createUser(t.db);
    const product = await createProduct(t.db, { priceCents: 4000 });
    const { order } = await buy(t.app, user, [{ _id: product.id, quantity: 1 }]);
    await received(messageId('order-confirmation', order._id));
    return { user, orderId: order._id };
  }

  it('order shipped carries the carrier and the tracking number', async () => {
    const { user, orderId } = await paidOrder();
    const tracking = { carrier: 'DHL Express', trackingNumber: 'JD014600006281230' };
    await t.db
      .update(orders)
      .set({ status: 'shipped', ...tracking })
      .where(eq(orders.id, orderId));
    await handler()({ eventKey: shippedMailEventKey(orderId, tracking) });
    const mail = await received(messageId('order-shipped', `${orderId}.${trackingTag(tracking)}`));
    expect(toText(mail)).toBe(user.email);
    expect(mail.subject).toBe('Your Lebaba order is on its way');
    expect(mail.text).toMatch(/Carrier\s+DHL Express/);
    expect(mail.text).toMatch(/Tracking number\s+JD014600006281230/);
  });

  it('a shipped mail whose tracking the order no longer has is not sent: the newer one tells it', async () => {
    const { orderId } = await paidOrder();
    const first = { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' };
    const corrected = { carrier: 'UPS', trackingNumber: '1Z999AA10123456785' };
    await t.db
      .update(orders)
      .set({ status: 'shipped', ...corrected })
      .where(eq(orders.id, orderId));
    // Jobs queued before the order had this tracking, worked late (after an outage, say).
    await handler()({ eventKey: `order-shipped:${orderId}` });
    await handler()({ eventKey: shippedMailEventKey(orderId, first) });
    await handler()({ eventKey: shippedMailEventKey(orderId, corrected) });
    await handler()({ eventKey: `order-shipped:${orderId}:not-a-tag` });
    const mail = await received(messageId('order-shipped', `${orderId}.${trackingTag(corrected)}`));
    expect(mail.text).toMatch(/Tracking number\s+1Z999AA10123456785/);
    expect(smtp.received.filter((m) => m.messageId?.startsWith(`<order-shipped.${orderId}`))).toHaveLength(1);
  });

  it('refund issued says the amount, the kind and what is left on the order', async () => {
    const { user, orderId } = await paidOrder();
    const [row] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    const total = row?.amountCents ?? 0;
    const [refund] = await t.db
      .insert(refunds)
      .values({ orderId, kind: 'refund', status: 'succeeded', amountCents: 1234, reason: 'Loose stitching' })
      .returning();
    if (!refund) throw new Error('no refund');
    await handler()({ eventKey: `refund-issued:${refund.id}` });
    const mail = await received(messageId('refund-issued', refund.id));
    expect(toText(mail)).toBe(user.email);
    expect(mail.subject).toBe('A refund of $12.34 from Lebaba');
    expect(mail.text).toMatch(/Refunded now\s+\$12\.34/);
    expect(mail.text).toMatch(
      new RegExp(`Left on the order\\s+\\$${((total - 1234) / 100).toFixed(2).replace('.', '\\.')}`),
    );
    expect(mail.text).toContain('Loose stitching');

    const [cancel] = await t.db
      .insert(refunds)
      .values({ orderId, kind: 'cancellation', status: 'succeeded', amountCents: total - 1234 })
      .returning();
    if (!cancel) throw new Error('no refund');
    await handler()({ eventKey: `refund-issued:${cancel.id}` });
    const cancelled = await received(messageId('refund-issued', cancel.id));
    expect(cancelled.subject).toBe('Your Lebaba order was cancelled and refunded');
    expect(cancelled.text).toMatch(/Left on the order\s+\$0\.00/);
  });

  it('password reset links to the reset page with the sealed token, valid 30 minutes, once', async () => {
    const user = await createUser(t.db);
    const token = randomBytes(32).toString('base64url');
    const [row] = await t.db
      .insert(passwordResetTokens)
      .values({ userId: user.id, tokenHash: `hash-${token}`, expiresAt: new Date(Date.now() + 30 * 60_000) })
      .returning();
    if (!row) throw new Error('no token');
    const sealed = sealForMail(await mailSealKey(t.db), token);
    await handler()({ eventKey: `password-reset:${row.id}`, sealed });
    const mail = await received(messageId('password-reset', row.id));
    expect(toText(mail)).toBe(user.email);
    expect(mail.subject).toBe('Reset your Lebaba password');
    expect(mail.text).toContain(`http://shop.test/reset-password?token=${token}`);
    expect(mail.text).toContain('30 minutes');

    // A used link gets no mail, and a seal made with another key is not opened.
    const [used] = await t.db
      .insert(passwordResetTokens)
      .values({
        userId: user.id,
        tokenHash: `used-${token}`,
        expiresAt: new Date(Date.now() + 60_000),
        usedAt: new Date(),
      })
      .returning();
    await handler()({ eventKey: `password-reset:${used?.id}`, sealed });
    const [other] = await t.db
      .insert(passwordResetTokens)
      .values({ userId: user.id, tokenHash: `other-${token}`, expiresAt: new Date(Date.now() + 60_000) })
      .returning();
    await handler()({ eventKey: `password-reset:${other?.id}`, sealed: sealForMail(randomBytes(32), token) });
    expect(mailsWithId(messageId('password-reset', used?.id ?? ''))).toHaveLength(0);
    expect(mailsWithId(messageId('password-reset', other?.id ?? ''))).toHaveLength(0);
  });
});

describe("the shipped mail, from the admin's status change, over SMTP", () => {
  const shippedMailsOf = (orderId: string) =>
    smtp.received.filter((m) => m.messageId?.startsWith(`<order-shipped.${orderId}`));

  async function shippedJobsOf(orderId: string): Promise<string[]> {
    const result = await t.db.execute(
      sql`select state from pgboss.job where name = 'mail' and data->>'eventKey' like ${`order-shipped:${orderId}%`}`,
    );
    return (result as unknown as { rows: { state: string }[] }).rows.map((row) => row.state);
  }

  it('mails the shipment without tracking once, then each tracking number once it is given', async () => {
    const admin = await createAdmin(t.db);
    const user = await createUser(t.db);
    const product = await createProduct(t.db, { priceCents: 2800 });
    const { order } = await buy(t.app, user, [{ _id: product.id, quantity: 1 }]);
    const patch = async (payload: Record<string, string>) => {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/orders/update-order-status/${order._id}`,
        headers: admin.headers,
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
    };

    // The bare status, as the original admin client sends it, twice.
    await patch({ status: 'shipped' });
    await patch({ status: 'shipped' });
    const bare = await received(messageId('order-shipped', order._id));
    expect(toText(bare)).toBe(user.email);
    expect(bare.subject).toBe('Your Lebaba order is on its way');
    expect(bare.text).toContain('Your parcel has left us.');
    expect(bare.text).not.toMatch(/Tracking number|Carrier/);

    const tracking = { carrier: 'UPS', trackingNumber: '1Z999AA10123456784' };
    await patch({ status: 'shipped', ...tracking });
    await patch({ status: 'shipped', ...tracking });
    const tracked = await received(messageId('order-shipped', `${order._id}.${trackingTag(tracking)}`));
    expect(tracked.text).toMatch(/Carrier\s+UPS/);
    expect(tracked.text).toMatch(/Tracking number\s+1Z999AA10123456784/);

    // A corrected number reaches the customer too; the same correction sent again does not.
    const corrected = { carrier: 'DHL Express', trackingNumber: 'JD014600006281230' };
    await patch({ status: 'shipped', ...corrected });
    await patch({ status: 'shipped', ...corrected });
    await patch({ status: 'shipped' });
    const fixed = await received(messageId('order-shipped', `${order._id}.${trackingTag(corrected)}`));
    expect(fixed.text).toMatch(/Tracking number\s+JD014600006281230/);

    expect(await shippedJobsOf(order._id)).toHaveLength(3);
    await waitUntil(
      async () => (await shippedJobsOf(order._id)).every((state) => state === 'completed'),
      'every shipped mail job done',
    );
    expect(shippedMailsOf(order._id)).toHaveLength(3);
  });
});

describe('a forgotten password, from the request to the new password, over SMTP', () => {
  it("mails a link that sets the new password once, to the account's own address", async () => {
    const user = await createUser(t.db);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: user.email },
    });
    expect(asked.statusCode).toBe(200);
    let mail: ParsedMail | undefined;
    await waitUntil(() => {
      mail = smtp.received.find((m) => toText(m) === user.email && m.subject === 'Reset your Lebaba password');
      return mail !== undefined;
    }, 'the reset mail');
    const link = /http:\/\/shop\.test\/reset-password\?token=([\w-]+)/.exec(mail?.text ?? '');
    expect(link).not.toBeNull();
    const reset = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/reset-password',
        payload: { token: link?.[1], password },
      });
    expect((await reset('chosen-through-the-mail')).statusCode).toBe(200);
    const again = await reset('chosen-a-second-time');
    expect(again.statusCode).toBe(400);
    expect(again.json().message).toMatch(/already been used/);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'chosen-through-the-mail' },
    });
    expect(login.statusCode).toBe(200);
  });
});

describe('an SMTP server that is down', () => {
  it('gets every mail once when it is back after 30 s, none twice', async ({ annotate }) => {
    const user = await createUser(t.db);
    const product = await createProduct(t.db, { priceCents: 1500 });
    await smtp.close();
    const started = Date.now();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await buy(t.app, user, [{ _id: product.id, quantity: 1 + i }])).order._id);
    const wanted = ids.map((id) => messageId('order-confirmation', id));

    await sleep(30_000 - (Date.now() - started));
    expect(wanted.flatMap(mailsWithId)).toHaveLength(0);
    await smtp.reopen();
    const reopened = Date.now();
    await waitUntil(() => wanted.every((id) => mailsWithId(id).length > 0), 'every mail after the outage', 20_000);
    const lag = Date.now() - reopened;
    // Long enough for a second copy of any of them to arrive.
    await sleep(3_000);
    for (const id of wanted) expect(mailsWithId(id), id).toHaveLength(1);
    const rows = await t.db
      .select()
      .from(sentMails)
      .where(
        inArray(
          sentMails.eventKey,
          ids.map((id) => `order-confirmation:${id}`),
        ),
      );
    expect(rows).toHaveLength(3);
    await annotate(`3 mails held through a 30 s SMTP outage, all delivered ${lag} ms after it ended, none twice`);
  }, 75_000);
});
