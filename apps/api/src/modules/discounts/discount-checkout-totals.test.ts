import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions } from '../../db/schema';
import { confirm, submitCard } from '../../test/checkout-test-kit';
import { checkCode, checkoutWithCode, makeCode, readCode } from '../../test/discount-test-kit';
import { createAdmin, createProduct, createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { composeMail } from '../mail/mail-compose';
import { customerCountsOf } from './discounts.queries';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.db);
});
afterAll(() => t.close());

const send = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  who: TestUser | undefined,
  payload?: Record<string, unknown>,
) => t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload === undefined ? {} : { payload }) });

describe('a code at checkout', () => {
  it('takes a percentage off, taxes the rest, and shows it on the page, the order and its mail, to the cent', async () => {
    const code = await makeCode(t.app, admin, { kind: 'percentage', percentOff: 15 });
    const dress = await createProduct(t.db, { name: 'Linen Dress', priceCents: 4999 });
    const belt = await createProduct(t.db, { name: 'Woven Belt', priceCents: 1250, category: 'accessories' });
    const user = await createUser(t.db);
    const cart = [
      { _id: dress.id, quantity: 1 },
      { _id: belt.id, quantity: 2 },
    ];

    // 49.99 + 2 x 12.50 = 74.99; 15% of it is 11.2485, rounded once, half up: 11.25. Tax is 5% of 63.74:
    // 3.187, so 3.19. The items and tax come to 66.93, and Standard shipping under $100 of items is $5.00.
    const checked = await checkCode(t.app, user, cart, code.code.toLowerCase());
    expect(checked.statusCode).toBe(200);
    expect(checked.json()).toEqual({
      code: code.code,
      description: '15% off',
      subtotal: 74.99,
      discount: 11.25,
      tax: 3.19,
      grandTotal: 66.93,
    });

    const opened = await checkoutWithCode(t.app, user, cart, ` ${code.code.toLowerCase()} `);
    expect(opened.statusCode).toBe(200);
    const { id, url } = opened.json();
    const [record] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
    expect(record).toMatchObject({
      subtotalCents: 7499,
      discountCents: 1125,
      taxCents: 319,
      amountCents: 6693,
      discountCode: code.code,
      discountCodeId: code._id,
    });
    expect(await readCode(t.app, admin, code._id)).toMatchObject({ uses: 0, held: 1 });

    const page = await t.app.inject({ method: 'GET', url });
    expect(page.body).toContain(`<dt>Discount <span class="code">${code.code}</span></dt><dd>−$11.25</dd>`);
    expect(page.body).toContain('<dt>Subtotal</dt><dd>$74.99</dd>');
    expect(page.body).toContain('<dt>Tax (5%)</dt><dd>$3.19</dd>');
    expect(page.body).toContain(
      '<button type="submit">Pay <span class="for-standard">$71.93</span><span class="for-express">$81.93</span></button>',
    );

    expect((await submitCard(t.app, id)).statusCode).toBe(303);
    const { order } = (await confirm(t.app, user, id)).json();
    expect(order).toMatchObject({
      subtotal: 74.99,
      discount: { code: code.code, amount: 11.25 },
      tax: 3.19,
      amount: 71.93,
      shipping: { method: 'standard', amount: 5 },
    });
    expect(await readCode(t.app, admin, code._id)).toMatchObject({ uses: 1, held: 0 });
    expect(await customerCountsOf(t.db, code._id, user.email)).toEqual({ uses: 1, held: 0 });

    // The customer's own orders and the admin's list show the same.
    const mine = await send('GET', `/api/orders/${encodeURIComponent(user.email)}`, user);
    expect(mine.json()[0]).toMatchObject({ discount: { code: code.code, amount: 11.25 }, amount: 71.93 });
    const all = await send('GET', '/api/orders?page=1&limit=5', admin);
    expect((all.json() as { _id: string; discount: unknown }[]).find((o) => o._id === order._id)?.discount).toEqual({
      code: code.code,
      amount: 11.25,
    });

    const mail = await composeMail(
      { db: t.db, publicUrl: 'http://shop.test', sealed: undefined },
      'order-confirmation',
      order._id,
    );
    if (!('text' in mail)) throw new Error('no confirmation to send');
    expect(mail.text).toMatch(/Subtotal\s+\$74\.99/);
    expect(mail.text).toMatch(new RegExp(`Discount \\(${code.code}\\)\\s+−\\$11\\.25`));
    expect(mail.text).toMatch(/Tax\s+\$3\.19/);
    expect(mail.text).toMatch(/Grand Total\s+\$71\.93/);
  });

  it('takes a fixed amount off only the lines of its category, never more than they cost', async () => {
    const code = await makeCode(t.app, admin, { kind: 'fixed', amountOffCents: 5000, category: 'jewellery' });
    const ring = await createProduct(t.db, { name: 'Thin Ring', priceCents: 1999, category: 'jewellery' });
    const dress = await createProduct(t.db, { name: 'Wrap Dress', priceCents: 8000, category: 'dress' });
    const user = await createUser(t.db);
    const res = await checkCode(
      t.app,
      user,
      [
        { _id: ring.id, quantity: 1 },
        { _id: dress.id, quantity: 1 },
      ],
      code.code,
    );
    // Only the ring ($19.99) is jewellery: $50 off becomes $19.99 off; tax 5% of $80.00 = $4.00.
    expect(res.json()).toEqual({
      code: code.code,
      description: '$50.00 off jewellery',
      subtotal: 99.99,
      discount: 19.99,
      tax: 4,
      grandTotal: 84,
    });
  });

  it('prices Standard shipping from the items after the discount', async () => {
    const code = await makeCode(t.app, admin, { kind: 'percentage', percentOff: 10 });
    const coat = await createProduct(t.db, { priceCents: 10_500 });
    const user = await createUser(t.db);
    const { id } = (await checkoutWithCode(t.app, user, [{ _id: coat.id, quantity: 1 }], code.code)).json();
    expect((await submitCard(t.app, id)).statusCode).toBe(303);
    const { order } = (await confirm(t.app, user, id)).json();
    // $105.00 less 10% is $94.50: under $100, so Standard costs $5.00; tax 5% of 94.50 = 4.725 -> 4.73.
    expect(order).toMatchObject({ discount: { amount: 10.5 }, tax: 4.73, shipping: { amount: 5 }, amount: 104.23 });
  });

  it('gives a code for the whole of the items: only the shipping is paid', async () => {
    const code = await makeCode(t.app, admin, { kind: 'percentage', percentOff: 100 });
    const scarf = await createProduct(t.db, { priceCents: 2500 });
    const user = await createUser(t.db);
    const { id } = (await checkoutWithCode(t.app, user, [{ _id: scarf.id, quantity: 1 }], code.code)).json();
    expect((await submitCard(t.app, id)).statusCode).toBe(303);
    const { order } = (await confirm(t.app, user, id)).json();
    expect(order).toMatchObject({ subtotal: 25, discount: { amount: 25 }, tax: 0, amount: 5 });
  });
});
