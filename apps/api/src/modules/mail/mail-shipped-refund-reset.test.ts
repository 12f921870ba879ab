import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, passwordResetTokens, refunds } from '../../db/schema';
import { shippedMailEventKey, trackingTag } from '../../platform/mail-jobs';
import { createProduct, createUser } from '../../test/factories';
import {
  handler,
  mailsWithId,
  messageId,
  received,
  smtp,
  startMailShop,
  stopMailShop,
  t,
  toText,
} from '../../test/mail-delivery-test-kit';
import { buy } from '../../test/mail-test-kit';
import { mailSealKey, sealForMail } from './mail-seal';

/** The shipped, refund and password reset mails, each from its job. */
beforeAll(startMailShop);
afterAll(stopMailShop);

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
