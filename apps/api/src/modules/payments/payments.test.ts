import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinPaymentSessions } from '../../db/schema';
import { GOOD_CARD, GOOD_DELIVERY, openSession, submitCard } from '../../test/checkout-test-kit';
import { createProduct, createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { CARD_MESSAGES, checkCard } from './card-form';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function hostedSession(name = 'Plain Dress') {
  const product = await createProduct(t.db, { name, priceCents: 1000 });
  const user = await createUser(t.db);
  return openSession(t.app, user, [{ _id: product.id, quantity: 1 }]);
}

describe('the builtin hosted checkout page', () => {
  it('escapes what it shows, runs no script and keeps the shop CSP', async () => {
    const { id } = await hostedSession('<img src=x onerror=alert(1)> "Gown"');
    const page = await t.app.inject({ method: 'GET', url: `/checkout/pay/${id}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('&lt;img src=x onerror=alert(1)&gt; &quot;Gown&quot;');
    expect(page.body).not.toContain('<img src=x');
    expect(page.body).not.toMatch(/<script/i);
    expect(page.body).toMatch(/^<!doctype html>/);
    expect(page.body).toContain('<html lang="en">');
    expect(page.body).toContain('<style>');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("form-action 'self'");
    expect(page.body).toContain(`<form method="post" action="/checkout/pay/${id}" novalidate>`);
  });

  it('accepts the form as JSON too, and refuses an oversized form body', async () => {
    const { id } = await hostedSession();
    const json = await t.app.inject({
      method: 'POST',
      url: `/checkout/pay/${id}`,
      payload: { ...GOOD_DELIVERY, ...GOOD_CARD },
    });
    expect(json.statusCode).toBe(303);
    expect(json.headers.location).toBe(`/success?session_id=${id}`);

    const other = await hostedSession();
    const huge = await t.app.inject({
      method: 'POST',
      url: `/checkout/pay/${other.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: `cardNumber=${'4'.repeat(20_000)}`,
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toEqual({ message: 'The request body is too large' });
    const [session] = await t.db.select().from(builtinPaymentSessions).where(eq(builtinPaymentSessions.id, other.id));
    expect(session?.status).toBe('open');
  });

  it('takes exactly one payment when two submits race', async () => {
    const { id } = await hostedSession();
    const [a, b] = await Promise.all([submitCard(t.app, id), submitCard(t.app, id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([303, 409]);
    const [session] = await t.db.select().from(builtinPaymentSessions).where(eq(builtinPaymentSessions.id, id));
    expect(session?.status).toBe('paid');
  });

  it('refuses delivery text the database cannot store with a 400 naming the field, and takes no payment', async () => {
    const { id } = await hostedSession();
    const asForm = await submitCard(t.app, id, GOOD_CARD, { ...GOOD_DELIVERY, line1: '12 St James\u0000 Square' });
    expect(asForm.statusCode).toBe(400);
    expect(asForm.body).toContain('Address line 1 has a character that cannot be stored');
    const asJson = await t.app.inject({
      method: 'POST',
      url: `/checkout/pay/${id}`,
      payload: { ...GOOD_DELIVERY, ...GOOD_CARD, city: 'London\ud800' },
    });
    expect(asJson.statusCode).toBe(400);
    expect(asJson.body).toContain('City has a character that cannot be stored');
    const [session] = await t.db.select().from(builtinPaymentSessions).where(eq(builtinPaymentSessions.id, id));
    expect([session?.status, session?.shippingAddress]).toEqual(['open', null]);
  });

  it('keeps no address to start from as no value at all, and the paid delivery as JSON', async () => {
    const { id } = await hostedSession();
    const stored = async () => {
      const result = await t.db.execute(sql`
        select prefill_address is null as no_prefill, jsonb_typeof(shipping_address) as shipping
        from ${builtinPaymentSessions} where id = ${id}`);
      return (result as { rows: unknown[] }).rows[0];
    };
    expect(await stored()).toEqual({ no_prefill: true, shipping: null });
    expect((await submitCard(t.app, id)).statusCode).toBe(303);
    expect(await stored()).toEqual({ no_prefill: true, shipping: 'object' });
  });
});

describe('checkCard', () => {
  const now = new Date('2026-03-15T12:00:00Z');
  it('pays with 4242, with or without spaces, through the end of the expiry month', () => {
    expect(checkCard({ ...GOOD_CARD, cardNumber: '4242424242424242' }, now)).toEqual({ result: 'paid' });
    expect(checkCard({ ...GOOD_CARD, expiry: '03/26' }, now)).toEqual({ result: 'paid' });
    expect(checkCard({ ...GOOD_CARD, expiry: '3 / 2026' }, now)).toEqual({ result: 'paid' });
  });

  it('refuses a past month, a bad month, a short CVC and a missing name', () => {
    const refused = (message: string) => ({ result: 'refused', message });
    expect(checkCard({ ...GOOD_CARD, expiry: '02/26' }, now)).toEqual(refused(CARD_MESSAGES.expired));
    expect(checkCard({ ...GOOD_CARD, expiry: '00/30' }, now)).toEqual(refused(CARD_MESSAGES.invalidExpiry));
    expect(checkCard({ ...GOOD_CARD, expiry: '1230' }, now)).toEqual(refused(CARD_MESSAGES.invalidExpiry));
    expect(checkCard({ ...GOOD_CARD, cvc: 'abc' }, now)).toEqual(refused(CARD_MESSAGES.invalidCvc));
    expect(checkCard({ ...GOOD_CARD, cardName: '' }, now)).toEqual(refused(CARD_MESSAGES.missingName));
    expect(checkCard({ ...GOOD_CARD, cardNumber: '4000000000000002' }, now)).toEqual(refused(CARD_MESSAGES.declined));
  });
});
