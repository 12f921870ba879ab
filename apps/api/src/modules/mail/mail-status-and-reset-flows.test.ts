import { sql } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackingTag } from '../../platform/mail-jobs';
import { createAdmin, createProduct, createUser } from '../../test/factories';
import { messageId, received, smtp, startMailShop, stopMailShop, t, toText } from '../../test/mail-delivery-test-kit';
import { buy, waitUntil } from '../../test/mail-test-kit';

/** The mails the admin's shipped status and a forgotten password send, from the request to the inbox. */
beforeAll(startMailShop);
afterAll(stopMailShop);

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
