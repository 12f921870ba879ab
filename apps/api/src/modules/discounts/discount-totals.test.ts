import { randomUUID } from 'node:crypto';
import { CATEGORIES } from '@shop/contract/constants';
import { SHIPPING_METHODS, shippingCentsFor } from '@shop/contract/delivery';
import { DISCOUNT_MESSAGES, discountCentsFor, eligibleCents } from '@shop/contract/discounts';
import { cartTotalsInCents, taxCents } from '@shop/contract/money';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkoutSessions, discountCodes } from '../../db/schema';
import { confirm } from '../../test/checkout-test-kit';
import { checkoutWithCode, makeCode } from '../../test/discount-test-kit';
import { createAdmin, createProduct, createUser, type TestUser } from '../../test/factories';
import { startStripeShop } from '../../test/stripe-test-kit';
import { findBuiltinSession } from '../payments/builtin.queries';
import { builtinCharge, createBuiltinProvider } from '../payments/builtin-provider';
import type { CreateCheckoutSessionInput } from '../payments/payment-provider';
import { createStripeProvider } from '../payments/stripe-provider';

/**
 * The total charged equals the total shown, to the cent, with a code: what the cart panel's check and
 * the shop's record say (items less the discount, 5% tax on that) plus the shipping chosen is what the
 * builtin page charges and what Stripe charges with the shop's coupon, for percentage and fixed codes.
 */

let shop: Awaited<ReturnType<typeof startStripeShop>>;
let admin: TestUser;
beforeAll(async () => {
  shop = await startStripeShop();
  admin = await createAdmin(shop.t.db);
});
afterAll(() => shop.close());

const lineArb = fc.record({
  unitPriceCents: fc.integer({ min: 1, max: 250_000 }),
  quantity: fc.integer({ min: 1, max: 6 }),
  category: fc.constantFrom(...CATEGORIES),
});
const codeArb = fc.oneof(
  fc.record({
    kind: fc.constant('percentage' as const),
    percentOff: fc.integer({ min: 1, max: 100 }),
    amountOffCents: fc.constant(null),
    category: fc.option(fc.constantFrom(...CATEGORIES), { nil: null }),
  }),
  fc.record({
    kind: fc.constant('fixed' as const),
    percentOff: fc.constant(null),
    amountOffCents: fc.integer({ min: 1, max: 1_000_000 }),
    category: fc.option(fc.constantFrom(...CATEGORIES), { nil: null }),
  }),
);
const cartArb = fc.record({ lines: fc.array(lineArb, { minLength: 1, maxLength: 5 }), code: codeArb });

function sessionInput(lines: { unitPriceCents: number; quantity: number }[], discountCents: number, tax: number) {
  return {
    lineItems: lines.map((l, i) => ({
      productId: randomUUID(),
      name: `Line ${i}`,
      image: '/uploads/test.webp',
      unitPriceCents: l.unitPriceCents,
      quantity: l.quantity,
    })),
    taxCents: tax,
    discount: discountCents > 0 ? { code: 'PROPERTY', amountCents: discountCents } : null,
    customerEmail: 'shopper@example.test',
    successUrl: 'https://shop.example/success?session_id={CHECKOUT_SESSION_ID}',
    cancelUrl: 'https://shop.example/checkout/cancel/x',
    metadata: {},
    expiresAt: new Date(Date.now() + 31 * 60_000),
    shippingAddressPrefill: null,
  } satisfies CreateCheckoutSessionInput;
}

describe('the total charged equals the total shown', () => {
  it('prices a discount within what it applies to, and taxes the items after it, rounded once', () => {
    fc.assert(
      fc.property(cartArb, ({ lines, code }) => {
        const discount = discountCentsFor(code, lines);
        const eligible = eligibleCents(lines, code.category);
        expect(discount).toBeGreaterThanOrEqual(0);
        expect(discount).toBeLessThanOrEqual(eligible);
        if (code.kind === 'fixed') expect(discount).toBe(Math.min(code.amountOffCents, eligible));
        else expect(Math.abs(discount - (eligible * code.percentOff) / 100)).toBeLessThanOrEqual(0.5);
        const totals = cartTotalsInCents(lines, discount);
        expect(totals.discountCents).toBe(discount);
        expect(totals.taxCents).toBe(taxCents(totals.subtotalCents - discount));
        expect(totals.grandTotalCents).toBe(totals.subtotalCents - discount + totals.taxCents);
      }),
      { numRuns: 2000 },
    );
  });

  it('on the builtin page, for every shipping method', async () => {
    const provider = createBuiltinProvider(shop.t.db, 'https://shop.example');
    await fc.assert(
      fc.asyncProperty(cartArb, async ({ lines, code }) => {
        const discount = discountCentsFor(code, lines);
        const totals = cartTotalsInCents(lines, discount);
        const { id } = await provider.createCheckoutSession(sessionInput(lines, discount, totals.taxCents));
        const row = await findBuiltinSession(shop.t.db, id);
        if (!row) throw new Error('no builtin session');
        for (const method of SHIPPING_METHODS) {
          const shown = totals.grandTotalCents + shippingCentsFor(method, totals.subtotalCents - discount);
          const charge = builtinCharge(row, method);
          expect(charge.totalCents).toBe(shown);
          expect(charge.discountCents).toBe(discount);
          expect(charge.taxCents).toBe(totals.taxCents);
        }
      }),
      { numRuns: 150 },
    );
  });

  it('on Stripe with the shop coupon, for every shipping method (against the local fake)', async () => {
    const provider = createStripeProvider(
      { secretKey: 'sk_test_fake', apiUrl: shop.fake.url } as never,
      'https://shop.example',
    );
    await fc.assert(
      fc.asyncProperty(cartArb, async ({ lines, code }) => {
        const discount = discountCentsFor(code, lines);
        const totals = cartTotalsInCents(lines, discount);
        const { id } = await provider.createCheckoutSession(sessionInput(lines, discount, totals.taxCents));
        const session = shop.fake.sessions.get(id);
        if (!session) throw new Error('no Stripe session');
        expect(session.total_details.amount_discount).toBe(discount);
        expect(session.discounts).toHaveLength(discount > 0 ? 1 : 0);
        for (const method of SHIPPING_METHODS) {
          const shown = totals.grandTotalCents + shippingCentsFor(method, totals.subtotalCents - discount);
          const rate = session.shipping_options.find((o) => o.shipping_rate.metadata.method === method);
          expect(session.amount_total + (rate?.shipping_amount ?? Number.NaN)).toBe(shown);
        }
      }),
      { numRuns: 100 },
    );
  });
});

describe('a code with Stripe Checkout', () => {
  it.each([
    ['percentage', { kind: 'percentage' as const, percentOff: 35 }],
    ['fixed', { kind: 'fixed' as const, amountOffCents: 1234 }],
  ])('carries a %s code as a coupon of the same cents, and the order is what Stripe charged', async (_kind, input) => {
    const { t, fake } = shop;
    const code = await makeCode(t.app, admin, input);
    const gown = await createProduct(t.db, { priceCents: 8777 });
    const belt = await createProduct(t.db, { priceCents: 1999, category: 'accessories' });
    const user = await createUser(t.db);
    const opened = await checkoutWithCode(
      t.app,
      user,
      [
        { _id: gown.id, quantity: 1 },
        { _id: belt.id, quantity: 3 },
      ],
      code.code,
    );
    expect(opened.statusCode).toBe(200);
    const { id } = opened.json();
    const [record] = await t.db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
    if (!record) throw new Error('no record');
    const session = fake.sessions.get(id);
    const couponId = session?.discounts[0]?.coupon ?? '';
    expect(fake.coupons.get(couponId)).toMatchObject({
      amount_off: record.discountCents,
      currency: 'usd',
      duration: 'once',
      max_redemptions: 1,
      name: code.code,
    });
    // 87.77 + 3 x 19.99 = 147.74 of items.
    expect(record.subtotalCents).toBe(14_774);
    expect(record.discountCents).toBe(input.kind === 'percentage' ? 5171 : 1234);
    expect(session?.amount_total).toBe(record.amountCents);

    fake.pay(id, 'paid', {
      method: 'express',
      details: {
        name: 'Ada Lovelace',
        address: { line1: '1 Way', line2: null, city: 'London', state: null, postal_code: 'N1', country: 'GB' },
      },
    });
    const { order } = (await confirm(t.app, user, id)).json();
    expect(Math.round(order.amount * 100)).toBe(fake.sessions.get(id)?.amount_total);
    expect(order.discount).toEqual({ code: code.code, amount: record.discountCents / 100 });
    const [row] = await t.db.select().from(discountCodes).where(eq(discountCodes.id, code._id));
    expect(row).toMatchObject({ uses: 1, held: 0 });
  });

  it('gives the code back when Stripe will not open the session', async () => {
    const { t, fake } = shop;
    const code = await makeCode(t.app, admin, { maxUses: 1 });
    const dress = await createProduct(t.db, { priceCents: 5000 });
    const user = await createUser(t.db);
    fake.refuseNextCreate();
    const refused = await checkoutWithCode(t.app, user, [{ _id: dress.id, quantity: 1 }], code.code);
    expect(refused.statusCode).toBe(503);
    const [row] = await t.db.select().from(discountCodes).where(eq(discountCodes.id, code._id));
    expect(row).toMatchObject({ uses: 0, held: 0 });
    // Still usable by the next shopper: the one use was given back.
    const next = await checkoutWithCode(t.app, await createUser(t.db), [{ _id: dress.id, quantity: 1 }], code.code);
    expect(next.statusCode).toBe(200);
    const after = await checkoutWithCode(t.app, await createUser(t.db), [{ _id: dress.id, quantity: 1 }], code.code);
    expect(after.json()).toEqual({ message: DISCOUNT_MESSAGES.usedUp(code.code), discountProblem: 'used_up' });
  });
});
