import { randomUUID } from 'node:crypto';
import type { AuditEntry } from '@shop/contract/audit';
import { DISCOUNT_MESSAGES, type DiscountCode } from '@shop/contract/discounts';
import { ONE_SIZE } from '@shop/contract/inventory';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, checkoutSessions, discountCodeHolds, discountCodes, orders, productVariants } from '../../db/schema';
import { sweepExpiredHolds } from '../../flows/checkout-release';
import { checkout, confirm, GOOD_CARD, GOOD_DELIVERY, submitCard } from '../../test/checkout-test-kit';
import { checkCode, checkoutWithCode, makeCode, readCode, uniqueCode } from '../../test/discount-test-kit';
import { createAdmin, createProduct, createUser, type TestUser } from '../../test/factories';
import { createTestApp, onOneConnection, synchronousCommitOf, type TestApp } from '../../test/test-app';
import { composeMail } from '../mail/mail-compose';
import { fulfilDepsOf } from '../orders/fulfil-deps';
import { customerCountsOf, holdCodeUse } from './discounts.queries';
import { releaseDiscountHold } from './discounts.service';

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

const codeRow = async (id: string) => (await t.db.select().from(discountCodes).where(eq(discountCodes.id, id)))[0];
/** A checkout's hold of one use of a code, $1 off, ending a minute after `now`, under a new hold id. */
const codeHoldOf = (codeId: string, userId: string, now: Date) => ({
  holdId: randomUUID(),
  codeId,
  userId,
  discountCents: 100,
  expiresAt: new Date(now.getTime() + 60_000),
  now,
});
const hourFromNow = () => new Date(Date.now() + 3_600_000).toISOString();
const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString();

async function auditOf(codeId: string) {
  return t.db.select().from(auditLog).where(eq(auditLog.targetId, codeId)).orderBy(asc(auditLog.id));
}

describe("the owner's codes", () => {
  it('creates a code in capitals and answers it with its status, description and counts', async () => {
    const name = uniqueCode('SPRING');
    const res = await send('POST', '/api/discounts', admin, {
      code: `  ${name.toLowerCase()} `,
      kind: 'percentage',
      percentOff: 20,
      minOrderCents: 5000,
      category: 'dress',
      maxUses: 100,
      maxUsesPerCustomer: 2,
    });
    expect(res.statusCode).toBe(201);
    const { message, code } = res.json() as { message: string; code: DiscountCode };
    expect(message).toBe(DISCOUNT_MESSAGES.created);
    expect(code).toMatchObject({
      code: name,
      kind: 'percentage',
      percentOff: 20,
      amountOff: null,
      minOrder: 50,
      category: 'dress',
      startsAt: null,
      endsAt: null,
      maxUses: 100,
      maxUsesPerCustomer: 2,
      paused: false,
      uses: 0,
      held: 0,
      status: 'active',
      description: '20% off dresses',
    });
    expect(await readCode(t.app, admin, code._id)).toEqual(code);

    const list = await send('GET', '/api/discounts?page=1&limit=100', admin);
    expect(list.statusCode).toBe(200);
    const { codes, total } = list.json() as { codes: DiscountCode[]; total: number };
    expect(codes[0]?._id).toBe(code._id);
    expect(total).toBeGreaterThanOrEqual(1);
  });

  it.each([
    ['a percentage code without its percentage', { kind: 'percentage' }, 'Enter the percentage off, from 1 to 100'],
    ['a fixed code without its amount', { kind: 'fixed' }, 'Enter the amount off'],
    ['more than 100%', { kind: 'percentage', percentOff: 101 }, 'Percentage off must be at most 100'],
    ['an amount in fractions of a cent', { kind: 'fixed', amountOffCents: 10.5 }, 'whole number of cents'],
    ['a negative minimum', { percentOff: 5, minOrderCents: -1 }, 'Minimum order cannot be negative'],
    ['a code with spaces', { code: 'TWO WORDS', percentOff: 5 }, 'A code is 3 to 32 letters'],
    ['an end before the start', { percentOff: 5, startsAt: hourFromNow(), endsAt: hourAgo() }, 'end must come after'],
    ['a date that is no date', { percentOff: 5, endsAt: 'next tuesday' }, 'End must be a date and time'],
    ['no uses at all', { percentOff: 5, maxUses: 0 }, 'Total uses must be at least 1'],
    ['more per customer than in total', { percentOff: 5, maxUses: 2, maxUsesPerCustomer: 3 }, 'cannot be more'],
    ['an unknown category', { percentOff: 5, category: 'shoes' }, 'Category must be one of'],
  ])('refuses %s with a 400 that says why, and makes nothing', async (_case, input, message) => {
    const code = uniqueCode();
    const res = await send('POST', '/api/discounts', admin, { code, kind: 'percentage', ...input });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await t.db.select().from(discountCodes).where(eq(discountCodes.code, code))).toEqual([]);
  });

  it('refuses a code that exists already, whatever its case, with a 409', async () => {
    const first = await makeCode(t.app, admin);
    const res = await send('POST', '/api/discounts', admin, {
      code: first.code.toLowerCase(),
      kind: 'fixed',
      amountOffCents: 500,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: DISCOUNT_MESSAGES.taken(first.code) });
  });

  it('edits a code; a code that became fixed loses its percentage; an unknown id is a 404', async () => {
    const code = await makeCode(t.app, admin, { kind: 'percentage', percentOff: 15 });
    const res = await send('PUT', `/api/discounts/${code._id}`, admin, {
      code: code.code,
      kind: 'fixed',
      percentOff: 15,
      amountOffCents: 1250,
      maxUses: 10,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: DISCOUNT_MESSAGES.updated,
      code: { kind: 'fixed', percentOff: null, amountOff: 12.5, maxUses: 10, description: '$12.50 off' },
    });
    const missing = await send('PUT', '/api/discounts/00000000-0000-4000-8000-000000000000', admin, {
      code: uniqueCode(),
      kind: 'fixed',
      amountOffCents: 100,
    });
    expect([missing.statusCode, missing.json()]).toEqual([404, { message: DISCOUNT_MESSAGES.notFound }]);
  });

  it('pauses and resumes a code; a paused code is refused at checkout and said to be paused', async () => {
    const code = await makeCode(t.app, admin);
    const paused = await send('PATCH', `/api/discounts/${code._id}/paused`, admin, { paused: true });
    expect(paused.json()).toMatchObject({
      message: DISCOUNT_MESSAGES.nowPaused,
      code: { paused: true, status: 'paused' },
    });

    const user = await createUser(t.db);
    const dress = await createProduct(t.db, { priceCents: 5000 });
    const refused = await checkoutWithCode(t.app, user, [{ _id: dress.id, quantity: 1 }], code.code);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: DISCOUNT_MESSAGES.paused(code.code), discountProblem: 'paused' });

    const resumed = await send('PATCH', `/api/discounts/${code._id}/paused`, admin, { paused: false });
    expect(resumed.json()).toMatchObject({ message: DISCOUNT_MESSAGES.nowResumed, code: { status: 'active' } });
    expect((await checkoutWithCode(t.app, user, [{ _id: dress.id, quantity: 1 }], code.code)).statusCode).toBe(200);
  });

  it('tells scheduled, expired and used-up codes apart in the list', async () => {
    const scheduled = await makeCode(t.app, admin, { startsAt: hourFromNow() });
    const expired = await makeCode(t.app, admin, {
      startsAt: new Date(Date.now() - 7_200_000).toISOString(),
      endsAt: hourAgo(),
    });
    const once = await makeCode(t.app, admin, { maxUses: 1 });
    await t.db.update(discountCodes).set({ uses: 1 }).where(eq(discountCodes.id, once._id));
    expect((await readCode(t.app, admin, scheduled._id)).status).toBe('scheduled');
    expect((await readCode(t.app, admin, expired._id)).status).toBe('expired');
    expect((await readCode(t.app, admin, once._id)).status).toBe('used_up');
  });

  it('writes an audit row for a creation and for each edit that changed something, pausing included', async () => {
    const code = await makeCode(t.app, admin, { kind: 'percentage', percentOff: 10 });
    const body = { code: code.code, kind: 'percentage', percentOff: 25, minOrderCents: 2000 };
    expect((await send('PUT', `/api/discounts/${code._id}`, admin, body)).statusCode).toBe(200);
    // The same values again change nothing: no row.
    expect((await send('PUT', `/api/discounts/${code._id}`, admin, body)).statusCode).toBe(200);
    await send('PATCH', `/api/discounts/${code._id}/paused`, admin, { paused: true });

    const rows = await auditOf(code._id);
    expect(rows.map((r) => r.kind)).toEqual([
      'discount_code.created',
      'discount_code.updated',
      'discount_code.updated',
    ]);
    expect(rows[0]).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      targetType: 'discount_code',
      targetLabel: code.code,
      details: { description: '10% off', minOrderCents: 0, paused: false },
    });
    expect(rows[1]?.details).toEqual({
      changes: { percentOff: { before: 10, after: 25 }, minOrderCents: { before: 0, after: 2000 } },
    });
    expect(rows[2]?.details).toEqual({ changes: { paused: { before: false, after: true } } });

    // And the admin's audit page lists them under their kinds.
    const listed = await send('GET', '/api/audit-log?kind=discount_code.updated', admin);
    const entries = listed.json().entries as AuditEntry[];
    expect(entries.filter((e) => e.target.id === code._id)).toHaveLength(2);
  });

  it('will not lower the total uses below what is counted and held, and changes nothing then', async () => {
    const code = await makeCode(t.app, admin, { maxUses: 5 });
    await t.db.update(discountCodes).set({ uses: 2, held: 1 }).where(eq(discountCodes.id, code._id));
    const res = await send('PUT', `/api/discounts/${code._id}`, admin, {
      code: code.code,
      kind: 'percentage',
      percentOff: 10,
      maxUses: 2,
    });
    expect([res.statusCode, res.json()]).toEqual([409, { message: DISCOUNT_MESSAGES.belowCounted(3) }]);
    expect((await codeRow(code._id))?.maxUses).toBe(5);
    expect((await auditOf(code._id)).map((r) => r.kind)).toEqual(['discount_code.created']);
  });

  it('keeps every route of the owner admin-only and the check for customers', async () => {
    const customer = await createUser(t.db);
    const code = await makeCode(t.app, admin);
    for (const [method, url] of [
      ['GET', '/api/discounts'],
      ['POST', '/api/discounts'],
      ['GET', `/api/discounts/${code._id}`],
      ['PUT', `/api/discounts/${code._id}`],
      ['PATCH', `/api/discounts/${code._id}/paused`],
    ] as const) {
      expect((await send(method, url, undefined, {})).statusCode).toBe(401);
      expect((await send(method, url, customer, {})).json()).toEqual({ message: 'Only an admin can do that' });
    }
    expect((await checkCode(t.app, undefined, [], code.code)).statusCode).toBe(401);
  });
});

describe('a code at checkout', () => {
  const variantOf = async (productId: string) =>
    (await t.db.select().from(productVariants).where(eq(productVariants.productId, productId)))[0];

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
    expect(await customerCountsOf(t.db, code._id, user.id)).toEqual({ uses: 1, held: 0 });

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

  it('holds the use while the checkout is open and gives it back on Cancel and on expiry, with the stock', async () => {
    const code = await makeCode(t.app, admin, { maxUses: 1 });
    const bag = await createProduct(t.db, { priceCents: 3000 });
    const [first, second] = [await createUser(t.db), await createUser(t.db)];
    const cart = [{ _id: bag.id, quantity: 1 }];

    const opened = (await checkoutWithCode(t.app, first, cart, code.code)).json();
    expect(await readCode(t.app, admin, code._id)).toMatchObject({ held: 1, uses: 0 });
    // The one use is held: the next shopper is told it is used up, and holds no stock.
    const refused = await checkoutWithCode(t.app, second, cart, code.code);
    expect([refused.statusCode, refused.json()]).toEqual([
      409,
      { message: DISCOUNT_MESSAGES.usedUp(code.code), discountProblem: 'used_up' },
    ]);
    expect((await variantOf(bag.id))?.reserved).toBe(1);

    // The first cancels on the hosted page: the use and the stock come back.
    const page = await t.app.inject({ method: 'GET', url: opened.url });
    const cancelHref = /href="(\/checkout\/cancel\/[^"]+)"/.exec(page.body)?.[1] ?? '';
    expect((await t.app.inject({ method: 'GET', url: cancelHref })).statusCode).toBe(303);
    expect(await readCode(t.app, admin, code._id)).toMatchObject({ held: 0, uses: 0 });
    expect((await variantOf(bag.id))?.reserved).toBe(0);

    // The second now holds it, and lets it expire: the sweep gives it back.
    const again = await checkoutWithCode(t.app, second, cart, code.code);
    expect(again.statusCode).toBe(200);
    expect(await readCode(t.app, admin, code._id)).toMatchObject({ held: 1 });
    const deps = fulfilDepsOf(t.app.deps, t.app.log);
    await sweepExpiredHolds(deps, new Date(Date.now() + 2 * 3_600_000));
    expect(await readCode(t.app, admin, code._id)).toMatchObject({ held: 0, uses: 0 });
    expect(await customerCountsOf(t.db, code._id, second.id)).toEqual({ uses: 0, held: 0 });
    const [hold] = await t.db
      .select()
      .from(discountCodeHolds)
      .where(eq(discountCodeHolds.codeId, code._id))
      .orderBy(asc(discountCodeHolds.createdAt));
    expect(hold?.status).toBe('cancelled');
  });

  it('gives the use back when the stock cannot be held, so the next shopper can have it', async () => {
    const code = await makeCode(t.app, admin, { maxUses: 1 });
    const last = await createProduct(t.db, { priceCents: 3000, stock: [{ size: ONE_SIZE, onHand: 1 }] });
    const user = await createUser(t.db);
    const short = await checkoutWithCode(t.app, user, [{ _id: last.id, quantity: 2 }], code.code);
    expect(short.statusCode).toBe(409);
    expect(await readCode(t.app, admin, code._id)).toMatchObject({ held: 0, uses: 0 });
    expect(await customerCountsOf(t.db, code._id, user.id)).toEqual({ uses: 0, held: 0 });
    expect((await checkoutWithCode(t.app, user, [{ _id: last.id, quantity: 1 }], code.code)).statusCode).toBe(200);
  });

  it("commits a code's hold without waiting for the disk, and leaves the connection's later commits waiting", async () => {
    const code = await makeCode(t.app, admin, {});
    const user = await createUser(t.db);
    const now = new Date();
    const hold = () => codeHoldOf(code._id, user.id, now);
    await onOneConnection(t, async (db) => {
      await db.transaction(async (tx) => {
        expect(await holdCodeUse(tx, hold())).toBe('held');
        expect(await synchronousCommitOf(tx)).toBe('off');
      });
      expect(await holdCodeUse(db, hold())).toBe('held');
      expect(await synchronousCommitOf(db)).toBe('on');
    });
  });

  it("ends a code's hold that no stock hold joined (a checkout stopped between them) once it expires", async () => {
    const code = await makeCode(t.app, admin, { maxUses: 1 });
    const user = await createUser(t.db);
    const now = new Date();
    const held = await holdCodeUse(t.db, codeHoldOf(code._id, user.id, now));
    expect(held).toBe('held');
    const deps = fulfilDepsOf(t.app.deps, t.app.log);
    await sweepExpiredHolds(deps, now);
    expect(await readCode(t.app, admin, code._id)).toMatchObject({ held: 1 });
    await sweepExpiredHolds(deps, new Date(now.getTime() + 120_000));
    expect(await readCode(t.app, admin, code._id)).toMatchObject({ held: 0, uses: 0 });
    expect(await customerCountsOf(t.db, code._id, user.id)).toEqual({ uses: 0, held: 0 });
  });

  it('keeps to the uses per customer, and says whether an open checkout of theirs holds the last one', async () => {
    const code = await makeCode(t.app, admin, { maxUsesPerCustomer: 1 });
    const scarf = await createProduct(t.db, { priceCents: 2000 });
    const user = await createUser(t.db);
    const cart = [{ _id: scarf.id, quantity: 1 }];

    const first = (await checkoutWithCode(t.app, user, cart, code.code)).json();
    const holding = await checkoutWithCode(t.app, user, cart, code.code);
    expect([holding.statusCode, holding.json()]).toEqual([
      409,
      { message: DISCOUNT_MESSAGES.customerHolding(code.code), discountProblem: 'customer_holding' },
    ]);
    expect((await submitCard(t.app, first.id)).statusCode).toBe(303);
    const used = await checkoutWithCode(t.app, user, cart, code.code);
    expect([used.statusCode, used.json()]).toEqual([
      409,
      { message: DISCOUNT_MESSAGES.customerUsedUp(code.code, 1), discountProblem: 'customer_used_up' },
    ]);
    // Another customer still may.
    expect((await checkoutWithCode(t.app, await createUser(t.db), cart, code.code)).statusCode).toBe(200);
  });

  it('says which reason refuses a code, at the check and at checkout, and holds nothing', async () => {
    const user = await createUser(t.db);
    const dress = await createProduct(t.db, { priceCents: 3509, category: 'dress' });
    const cart = [{ _id: dress.id, quantity: 1 }];
    const yesterday = new Date(Date.now() - 86_400_000).toISOString();
    const starts = new Date(Date.now() + 86_400_000);
    const cases: [string, DiscountCode, number, string][] = [];
    const future = await makeCode(t.app, admin, { startsAt: starts.toISOString() });
    cases.push(['not_started', future, 400, DISCOUNT_MESSAGES.notStarted(future.code, starts)]);
    const old = await makeCode(t.app, admin, {
      startsAt: new Date(Date.now() - 2 * 86_400_000).toISOString(),
      endsAt: yesterday,
    });
    cases.push(['expired', old, 400, DISCOUNT_MESSAGES.expired(old.code, yesterday)]);
    const paused = await makeCode(t.app, admin, { paused: true });
    cases.push(['paused', paused, 400, DISCOUNT_MESSAGES.paused(paused.code)]);
    const gone = await makeCode(t.app, admin, { maxUses: 3 });
    await t.db.update(discountCodes).set({ uses: 3 }).where(eq(discountCodes.id, gone._id));
    cases.push(['used_up', gone, 409, DISCOUNT_MESSAGES.usedUp(gone.code)]);
    const big = await makeCode(t.app, admin, { minOrderCents: 5000 });
    cases.push(['below_minimum', big, 400, DISCOUNT_MESSAGES.belowMinimum(big.code, 5000, 3509)]);
    const rings = await makeCode(t.app, admin, { category: 'jewellery' });
    cases.push(['not_applicable', rings, 400, DISCOUNT_MESSAGES.notApplicable(rings.code, 'jewellery')]);

    for (const [problem, code, status, message] of cases) {
      for (const res of [
        await checkCode(t.app, user, cart, code.code),
        await checkoutWithCode(t.app, user, cart, code.code),
      ]) {
        expect([problem, res.statusCode, res.json()]).toEqual([problem, status, { message, discountProblem: problem }]);
      }
      expect(await codeRow(code._id)).toMatchObject({ held: 0 });
    }
    expect(DISCOUNT_MESSAGES.belowMinimum('BIG', 5000, 3509)).toBe(
      'The code BIG needs $50.00 of items; your cart comes to $35.09.',
    );

    const unknown = await checkoutWithCode(t.app, user, cart, 'nope-nope');
    expect([unknown.statusCode, unknown.json()]).toEqual([
      404,
      { message: '"NOPE-NOPE" is not a discount code we know. Check the spelling.', discountProblem: 'unknown' },
    ]);
    const nonsense = await checkCode(t.app, user, cart, '<b>%%</b>');
    expect(nonsense.json()).toMatchObject({ discountProblem: 'unknown' });
    // Nothing of the stock was held by any of these refusals.
    expect((await variantOf(dress.id))?.reserved).toBe(0);
    expect(await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.userId, user.id))).toEqual([]);
  });

  it('refuses a code of the wrong shape in the body with a 400, and a checkout without one works as before', async () => {
    const user = await createUser(t.db);
    const dress = await createProduct(t.db, { priceCents: 2000 });
    const long = await checkoutWithCode(t.app, user, [{ _id: dress.id, quantity: 1 }], 'X'.repeat(65));
    expect([long.statusCode, long.json().message]).toEqual([400, 'Invalid discountCode: That is not a discount code']);
    const plain = await checkout(t.app, user, [{ _id: dress.id, quantity: 1 }]);
    const [record] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, plain.json().id));
    expect(record).toMatchObject({ discountCents: 0, discountCode: null, discountCodeId: null, amountCents: 2100 });
    // An empty code is no code.
    expect((await checkoutWithCode(t.app, user, [{ _id: dress.id, quantity: 1 }], '  ')).statusCode).toBe(200);
  });

  it('makes a paid order with its discount even when its hold had ended, counting the use where the limit allows', async () => {
    const code = await makeCode(t.app, admin, { maxUses: 5 });
    const hat = await createProduct(t.db, { priceCents: 4000 });
    const user = await createUser(t.db);
    const { id } = (await checkoutWithCode(t.app, user, [{ _id: hat.id, quantity: 1 }], code.code)).json();
    const [record] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
    // The hold ends before the payment arrives (a provider's late payment after a release).
    expect(await releaseDiscountHold(t.db, record?.holdId ?? '', 'expired')).toBe(code._id);
    expect((await submitCard(t.app, id, GOOD_CARD, GOOD_DELIVERY)).statusCode).toBe(303);
    const [order] = await t.db
      .select()
      .from(orders)
      .where(and(eq(orders.checkoutSessionId, id)));
    expect(order).toMatchObject({ discountCode: code.code, discountCents: 400 });
    expect(await readCode(t.app, admin, code._id)).toMatchObject({ uses: 1, held: 0 });
  });

  it("makes a paid order with its discount even when its ended hold's use went to another shopper", async () => {
    const code = await makeCode(t.app, admin, { maxUses: 1 });
    const hat = await createProduct(t.db, { priceCents: 4000 });
    const [late, quick] = [await createUser(t.db), await createUser(t.db)];
    const { id } = (await checkoutWithCode(t.app, late, [{ _id: hat.id, quantity: 1 }], code.code)).json();
    const [record] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
    expect(await releaseDiscountHold(t.db, record?.holdId ?? '', 'expired')).toBe(code._id);
    // The use given back goes to another shopper, who pays: the code is used up.
    const other = (await checkoutWithCode(t.app, quick, [{ _id: hat.id, quantity: 1 }], code.code)).json();
    expect((await submitCard(t.app, other.id)).statusCode).toBe(303);
    expect(await readCode(t.app, admin, code._id)).toMatchObject({ uses: 1, held: 0 });

    // The first payment arrives late: it is paid, so it is an order with its discount; the limit holds.
    expect((await submitCard(t.app, id)).statusCode).toBe(303);
    const { order } = (await confirm(t.app, late, id)).json();
    expect(order).toMatchObject({ discount: { code: code.code, amount: 4 } });
    expect(await readCode(t.app, admin, code._id)).toMatchObject({ uses: 1, held: 0 });
  });
});
