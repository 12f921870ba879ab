import {
  BACK_IN_STOCK_CONFIRM_DAYS,
  BACK_IN_STOCK_CONFIRM_PATH,
  BACK_IN_STOCK_MESSAGES,
} from '@shop/contract/back-in-stock';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backInStockRequests } from '../../db/schema';
import {
  admin,
  ask,
  byToken,
  mailsTo,
  soldOutDress,
  startBackInStockShop,
  stopBackInStockShop,
  t,
  tokenIn,
} from '../../test/back-in-stock-test-kit';
import { createUser } from '../../test/factories';
import { waitUntil } from '../../test/mail-test-kit';
import { sweepUnconfirmed } from './back-in-stock-notices';

/** Asking to hear about a sold-out size: who may, for which sizes, how often, and the mailed links. */
beforeAll(startBackInStockShop);
afterAll(stopBackInStockShop);

describe('asking', () => {
  it('is only for a size that is sold out, of a product that has it', async () => {
    const dress = await soldOutDress();
    const inStock = await ask({ productId: dress.id, colour: 'red', size: 'M', email: 'a@example.test' });
    expect([inStock.statusCode, inStock.json()]).toEqual([409, { message: BACK_IN_STOCK_MESSAGES.inStock }]);
    const none = await ask({ productId: dress.id, colour: 'black', size: 'XS', email: 'a@example.test' });
    expect([none.statusCode, none.json()]).toEqual([404, { message: BACK_IN_STOCK_MESSAGES.noSuchSize }]);
    const bad = await ask({ productId: dress.id, size: 'M', email: 'not an email' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toEqual(expect.any(String));
    const noEmail = await ask({ productId: dress.id, colour: 'black', size: 'M' });
    expect([noEmail.statusCode, noEmail.json()]).toEqual([400, { message: BACK_IN_STOCK_MESSAGES.emailNeeded }]);
  });

  it("takes a customer's e-mail from the session, in one click, and answers the same request again", async () => {
    const dress = await soldOutDress();
    const user = await createUser(t.db);
    const body = { productId: dress.id, colour: 'black', size: 'M', email: 'someone-else@example.test' };
    const first = await ask(body, { user, ip: '10.1.0.1' });
    expect([first.statusCode, first.json()]).toEqual([
      200,
      { status: 'waiting', message: BACK_IN_STOCK_MESSAGES.waiting },
    ]);
    expect((await ask(body, { user, ip: '10.1.0.1' })).json()).toMatchObject({ status: 'waiting' });
    // The owner sees how many wait, per size, on the stock panel and in the insight.
    const stock = await t.app.inject({
      method: 'GET',
      url: `/api/inventory/products/${dress.id}`,
      headers: admin.headers,
    });
    expect(stock.json().variants).toContainEqual(expect.objectContaining({ colour: 'black', size: 'M', waiting: 1 }));
    expect(stock.json().variants).toContainEqual(expect.objectContaining({ colour: 'red', size: 'M', waiting: 0 }));
    const day = new Date().toISOString().slice(0, 10);
    const insight = await t.app.inject({
      method: 'GET',
      url: `/api/insight/summary?from=${day}&to=${day}`,
      headers: admin.headers,
    });
    expect(insight.json().mostWaited).toContainEqual(
      expect.objectContaining({ productId: dress.id, colour: 'black', colourName: 'Black', size: 'M', waiting: 1 }),
    );
    // Nothing was mailed to the address in the body: identity comes from the session only.
    expect(mailsTo('someone-else@example.test')).toEqual([]);
  });

  it('confirms a guest by the mailed link only; a changed link is a 404 that tells nothing', async () => {
    const dress = await soldOutDress();
    const email = `guest-${dress.id.slice(0, 8)}@example.test`;
    const body = { productId: dress.id, colour: 'black', size: 'M', email };
    expect((await ask(body, { ip: '10.2.0.1' })).json()).toEqual({
      status: 'unconfirmed',
      message: BACK_IN_STOCK_MESSAGES.checkInbox,
    });
    expect((await ask(body, { ip: '10.2.0.1' })).json()).toMatchObject({ status: 'unconfirmed' });
    await waitUntil(() => mailsTo(email).length > 0, 'the confirmation mail');
    const [mail] = mailsTo(email);
    if (!mail) throw new Error('no mail');
    expect(mail.subject).toMatch(/Confirm/);
    const token = tokenIn(mail, BACK_IN_STOCK_CONFIRM_PATH);
    const changed = `${token.slice(0, -1)}${token.endsWith('0') ? '1' : '0'}`;
    const tampered = await byToken('confirm', changed);
    expect([tampered.statusCode, tampered.json()]).toEqual([404, { message: BACK_IN_STOCK_MESSAGES.linkNotValid }]);
    expect((await byToken('unsubscribe', changed)).statusCode).toBe(404);
    expect((await byToken('confirm', 'x')).statusCode).toBe(400);
    const confirmed = await byToken('confirm', token);
    expect([confirmed.statusCode, confirmed.json()]).toEqual([200, { message: BACK_IN_STOCK_MESSAGES.confirmed }]);
    expect((await byToken('confirm', token)).statusCode).toBe(200);
    expect((await ask(body, { ip: '10.2.0.1' })).json()).toMatchObject({ status: 'waiting' });
    // Asking again mailed nothing more.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(mailsTo(email)).toHaveLength(1);
  });

  it("deletes a guest's request, e-mail and all, that was not confirmed in time", async () => {
    const dress = await soldOutDress();
    const email = `late-${dress.id.slice(0, 8)}@example.test`;
    await ask({ productId: dress.id, colour: 'black', size: 'M', email }, { ip: '10.5.0.1' });
    await waitUntil(() => mailsTo(email).length > 0, 'the confirmation mail');
    const [mail] = mailsTo(email);
    if (!mail) throw new Error('no mail');
    expect(mail.text).toContain(`within ${BACK_IN_STOCK_CONFIRM_DAYS} days`);
    const later = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000);
    const deps = { db: t.db };
    expect(await sweepUnconfirmed(deps, later(BACK_IN_STOCK_CONFIRM_DAYS - 1))).toBe(0);
    expect(await sweepUnconfirmed(deps, later(BACK_IN_STOCK_CONFIRM_DAYS + 1))).toBeGreaterThanOrEqual(1);
    const rows = await t.db.select().from(backInStockRequests).where(eq(backInStockRequests.email, email));
    expect(rows).toEqual([]);
    expect((await byToken('confirm', tokenIn(mail, BACK_IN_STOCK_CONFIRM_PATH))).statusCode).toBe(404);
  });

  it('limits sign-ups per address and per e-mail with a 429 that says so', async () => {
    const dress = await soldOutDress();
    const body = { productId: dress.id, colour: 'black', size: 'M' };
    const { backInStockPerIpPerHour, backInStockPerEmailPerHour } = t.config.rateLimits;
    for (let i = 0; i < backInStockPerIpPerHour; i++) {
      expect((await ask({ ...body, email: `ip-${i}@example.test` }, { ip: '10.3.0.1' })).statusCode).toBe(200);
    }
    const fromIp = await ask({ ...body, email: 'one-more@example.test' }, { ip: '10.3.0.1' });
    expect(fromIp.statusCode).toBe(429);
    expect(fromIp.json().message).toMatch(/^Too many requests to hear about sold-out sizes\./);
    const email = 'often@example.test';
    for (let i = 0; i < backInStockPerEmailPerHour; i++) {
      expect((await ask({ ...body, email }, { ip: `10.4.0.${i + 1}` })).statusCode).toBe(200);
    }
    const forEmail = await ask({ ...body, email }, { ip: '10.4.1.1' });
    expect(forEmail.statusCode).toBe(429);
    expect(forEmail.json().message).toMatch(/for this address/);
  });
});
