import { EMAIL_CONFIRMATION_MESSAGES } from '@shop/contract/users';
import { count, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailConfirmationTokens, orders, users } from '../db/schema';
import { openSession as openLoginSession } from '../modules/auth/sessions.service';
import { fulfilDepsOf } from '../modules/orders/fulfil-deps';
import { payBuiltinSession } from '../modules/payments/builtin-provider';
import { confirm, GOOD_CARD, GOOD_DELIVERY, submitCard } from '../test/checkout-test-kit';
import { createProduct } from '../test/factories';
import { mailsWithId, received, startMailShop, stopMailShop, t } from '../test/mail-delivery-test-kit';
import { waitUntil } from '../test/mail-test-kit';
import { fulfilCheckout } from './fulfilment';

/**
 * Guests' orders end to end, with the mail worker sending to a real SMTP server: one order and one mail
 * however many confirmations race, the order link in the mail, and an account that takes the guest's
 * orders over only once it has confirmed the e-mail by the mailed link.
 */
beforeAll(startMailShop);
afterAll(stopMailShop);

const CALLS = 200;

async function openGuestCheckout(priceCents: number) {
  const product = await createProduct(t.db, { name: 'Silk Scarf', priceCents });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/orders/create-checkout-session',
    payload: { product: [{ _id: product.id, quantity: 1 }] },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().id as string;
}

async function guestBuys(email: string) {
  const id = await openGuestCheckout(2500);
  const paid = await submitCard(t.app, id, { ...GOOD_CARD, email } as typeof GOOD_CARD, GOOD_DELIVERY);
  expect(paid.statusCode, paid.body).toBe(303);
  const res = await confirm(t.app, undefined, id);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().order as { _id: string };
}

/** The link a mail carries to the shop's page at `path`, as the mail's text gives it. */
function linkIn(text: string, path: string): string {
  const found = text.match(new RegExp(`https?://[^\\s\\]]+${path}[^\\s\\]]*`));
  if (!found) throw new Error(`no ${path} link in: ${text}`);
  return found[0];
}

describe("a guest's paid checkout", () => {
  it(`${CALLS} concurrent confirmations give one order and one mail, whose link opens that order`, async () => {
    const email = `racing-${crypto.randomUUID()}@example.test`;
    const id = await openGuestCheckout(8000);
    // Paid at the provider with the e-mail typed on its page; no confirmation has run yet.
    expect(await payBuiltinSession(t.db, id, { email })).toBeDefined();
    const deps = fulfilDepsOf(t.app.deps, t.app.log);
    const answers = await Promise.all([
      ...Array.from({ length: CALLS }, () => confirm(t.app, undefined, id)),
      fulfilCheckout(deps, id, 'system').then(() => null),
    ]);
    const confirmed = answers.filter((a) => a !== null);
    expect(confirmed.map((a) => a.statusCode)).toEqual(Array(CALLS).fill(200));
    expect(new Set(confirmed.map((a) => a.body)).size).toBe(1);
    const rows = await t.db.select().from(orders).where(eq(orders.checkoutSessionId, id));
    expect(rows).toHaveLength(1);
    const order = rows[0];
    expect(order).toMatchObject({ email, userId: null });

    const mail = await received(`<order-confirmation.${order?.id}@shop.test>`);
    expect(mail.to).toMatchObject({ text: email });
    // Long enough for a second mail, were there a second job, to arrive.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(mailsWithId(`<order-confirmation.${order?.id}@shop.test>`)).toHaveLength(1);

    const link = linkIn(mail.text ?? '', '/orders/guest/');
    const token = link.split('/orders/guest/')[1] ?? '';
    expect(token).toBe(confirmed[0]?.json().orderToken);
    const read = await t.app.inject({ method: 'GET', url: `/api/orders/guest/${token}` });
    expect(read.json()._id).toBe(order?.id);
  });
});

describe("an account and a guest's orders with its e-mail", () => {
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url, payload, headers });
  const get = (url: string, headers: Record<string, string>) => t.app.inject({ method: 'GET', url, headers });

  it('takes them over only once the e-mail is confirmed by the mailed link', async () => {
    const email = `takeover-${crypto.randomUUID()}@example.test`;
    const first = await guestBuys(email);
    const second = await guestBuys(email.toUpperCase());
    const someoneElse = await guestBuys(`else-${email}`);

    const registered = await post('/api/auth/register', { username: 'Ada', email, password: 'a-good-password' });
    expect(registered.statusCode, registered.body).toBe(201);
    const [account] = await t.db.select().from(users).where(eq(users.email, email));
    if (!account) throw new Error('no account');
    const { token: session } = await openLoginSession(t.db, account.id, 1);
    const headers = { authorization: `Bearer ${session}` };

    // Registered with the e-mail, not yet confirmed: none of the guest's orders is the account's.
    expect((await get(`/api/orders/${encodeURIComponent(email)}`, headers)).json()).toEqual([]);
    expect((await get(`/api/orders/order/${first._id}`, headers)).statusCode).toBe(403);
    expect((await get(`/api/stats/user-stats/${account.id}`, headers)).json().totalPayments).toBe(0);
    expect((await get('/api/auth/me', headers)).json().user.emailConfirmed).toBe(false);

    const mail = await received(await confirmationMessageIdOf(account.id));
    expect(mail.to).toMatchObject({ text: email });
    const token = new URL(linkIn(mail.text ?? '', '/confirm-email')).searchParams.get('token') ?? '';

    const tampered = await post('/api/auth/confirm-email', { token: `${token.slice(0, -2)}xx` });
    expect([tampered.statusCode, tampered.json()]).toEqual([404, { message: EMAIL_CONFIRMATION_MESSAGES.invalidLink }]);
    expect((await get(`/api/orders/${encodeURIComponent(email)}`, headers)).json()).toEqual([]);

    const confirmed = await post('/api/auth/confirm-email', { token });
    expect(confirmed.json()).toEqual({ message: EMAIL_CONFIRMATION_MESSAGES.confirmed, claimedOrders: 2 });
    const mine = (await get(`/api/orders/${encodeURIComponent(email)}`, headers)).json() as { _id: string }[];
    expect(mine.map((o) => o._id).sort()).toEqual([first._id, second._id].sort());
    expect((await get(`/api/orders/order/${first._id}`, headers)).statusCode).toBe(200);
    expect((await get('/api/auth/me', headers)).json().user.emailConfirmed).toBe(true);
    const [untouched] = await t.db.select().from(orders).where(eq(orders.id, someoneElse._id));
    expect(untouched?.userId).toBeNull();

    // The link works once; asking for another once confirmed sends nothing.
    expect((await post('/api/auth/confirm-email', { token })).statusCode).toBe(404);
    const again = await post('/api/auth/email-confirmation', {}, headers);
    expect(again.json()).toEqual({ message: EMAIL_CONFIRMATION_MESSAGES.alreadyConfirmed });
  });

  it('sends a new link on request, a limited number of times, and refuses a visitor', async () => {
    const email = `resend-${crypto.randomUUID()}@example.test`;
    await post('/api/auth/register', { username: 'Grace', email, password: 'a-good-password' });
    const [account] = await t.db.select().from(users).where(eq(users.email, email));
    if (!account) throw new Error('no account');
    const { token: session } = await openLoginSession(t.db, account.id, 1);
    const headers = { authorization: `Bearer ${session}` };
    const statuses = [];
    for (let i = 0; i < 6; i += 1) statuses.push((await post('/api/auth/email-confirmation', {}, headers)).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    await waitUntil(async () => (await confirmationMailsQueued(account.id)) === 6, 'six confirmation mails');
    expect((await post('/api/auth/email-confirmation', {})).statusCode).toBe(401);
  });
});

async function confirmationMessageIdOf(userId: string): Promise<string> {
  const [latest] = await t.db
    .select({ id: emailConfirmationTokens.id })
    .from(emailConfirmationTokens)
    .where(eq(emailConfirmationTokens.userId, userId))
    .orderBy(desc(emailConfirmationTokens.createdAt))
    .limit(1);
  return `<email-confirmation.${latest?.id}@shop.test>`;
}

async function confirmationMailsQueued(userId: string): Promise<number> {
  const [row] = await t.db
    .select({ n: count() })
    .from(emailConfirmationTokens)
    .where(eq(emailConfirmationTokens.userId, userId));
  return row?.n ?? 0;
}
