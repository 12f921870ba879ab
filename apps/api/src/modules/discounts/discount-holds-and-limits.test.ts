import { randomUUID } from 'node:crypto';
import { DISCOUNT_MESSAGES, type DiscountCode } from '@shop/contract/discounts';
import { ONE_SIZE } from '@shop/contract/inventory';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions, discountCodeHolds, discountCodes, orders, productVariants } from '../../db/schema';
import { sweepExpiredHolds } from '../../flows/checkout-release';
import { checkout, confirm, GOOD_CARD, GOOD_DELIVERY, submitCard } from '../../test/checkout-test-kit';
import { checkCode, checkoutWithCode, makeCode, readCode } from '../../test/discount-test-kit';
import { createAdmin, createProduct, createUser, type TestUser } from '../../test/factories';
import { createTestApp, onOneConnection, synchronousCommitOf, type TestApp } from '../../test/test-app';
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

const codeRow = async (id: string) => (await t.db.select().from(discountCodes).where(eq(discountCodes.id, id)))[0];
/** A checkout's hold of one use of a code, $1 off, ending a minute after `now`, under a new hold id. */
const codeHoldOf = (codeId: string, user: { id: string; email: string }, now: Date) => ({
  holdId: randomUUID(),
  codeId,
  userId: user.id,
  customer: user.email.toLowerCase(),
  discountCents: 100,
  expiresAt: new Date(now.getTime() + 60_000),
  now,
});

describe('a code at checkout', () => {
  const variantOf = async (productId: string) =>
    (await t.db.select().from(productVariants).where(eq(productVariants.productId, productId)))[0];

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
    expect(await customerCountsOf(t.db, code._id, second.email)).toEqual({ uses: 0, held: 0 });
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
    expect(await customerCountsOf(t.db, code._id, user.email)).toEqual({ uses: 0, held: 0 });
    expect((await checkoutWithCode(t.app, user, [{ _id: last.id, quantity: 1 }], code.code)).statusCode).toBe(200);
  });

  it("commits a code's hold without waiting for the disk, and leaves the connection's later commits waiting", async () => {
    const code = await makeCode(t.app, admin, {});
    const user = await createUser(t.db);
    const now = new Date();
    const hold = () => codeHoldOf(code._id, user, now);
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
    const held = await holdCodeUse(t.db, codeHoldOf(code._id, user, now));
    expect(held).toBe('held');
    const deps = fulfilDepsOf(t.app.deps, t.app.log);
    await sweepExpiredHolds(deps, now);
    expect(await readCode(t.app, admin, code._id)).toMatchObject({ held: 1 });
    await sweepExpiredHolds(deps, new Date(now.getTime() + 120_000));
    expect(await readCode(t.app, admin, code._id)).toMatchObject({ held: 0, uses: 0 });
    expect(await customerCountsOf(t.db, code._id, user.email)).toEqual({ uses: 0, held: 0 });
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
