import { DISCOUNT_MESSAGES } from '@shop/contract/discounts';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountCodes, orders } from '../../db/schema';
import { confirm, submitCard } from '../../test/checkout-test-kit';
import { checkoutWithCode, makeCode } from '../../test/discount-test-kit';
import { createAdmin, createProduct, createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { customerCountsOf } from './discounts.queries';

/**
 * A code's limits under real concurrency: every checkout's statements run on connections of their own
 * at the same moment. PGlite runs one query at a time, so this only means something on PostgreSQL.
 */
describe.runIf(process.env.TEST_DATABASE_URL)('discount code limits on PostgreSQL, at the same moment', () => {
  let t: TestApp;
  let admin: TestUser;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await createAdmin(t.db);
  });
  afterAll(() => t.close());

  const discountedOrders = (code: string) =>
    t.db
      .select()
      .from(orders)
      .where(and(eq(orders.discountCode, code), isNotNull(orders.discountCodeId)));
  const counts = async (id: string) =>
    (await t.db.select().from(discountCodes).where(eq(discountCodes.id, id)))[0] ?? { uses: -1, held: -1 };

  /** Pays every opened session on the hosted page and confirms it; answers the orders made. */
  async function payAll(sessions: { user: TestUser; id: string }[]) {
    const paid = await Promise.all(sessions.map(({ id }) => submitCard(t.app, id)));
    expect(paid.map((p) => p.statusCode)).toEqual(sessions.map(() => 303));
    return Promise.all(sessions.map(async ({ user, id }) => (await confirm(t.app, user, id)).json().order));
  }

  it('a code limited to 1 use, redeemed by 20 customers at once, gives exactly 1 discounted order', async () => {
    const code = await makeCode(t.app, admin, { kind: 'fixed', amountOffCents: 1000, maxUses: 1 });
    const dress = await createProduct(t.db, { priceCents: 6000 });
    const customers = await Promise.all(Array.from({ length: 20 }, () => createUser(t.db)));

    const answers = await Promise.all(
      customers.map(async (user) => ({
        user,
        res: await checkoutWithCode(t.app, user, [{ _id: dress.id, quantity: 1 }], code.code),
      })),
    );
    const opened = answers.filter((a) => a.res.statusCode === 200);
    const refused = answers.filter((a) => a.res.statusCode !== 200);
    expect(opened).toHaveLength(1);
    expect(refused.map((a) => [a.res.statusCode, a.res.json()])).toEqual(
      Array(19).fill([409, { message: DISCOUNT_MESSAGES.usedUp(code.code), discountProblem: 'used_up' }]),
    );
    expect(await counts(code._id)).toMatchObject({ uses: 0, held: 1 });

    const made = await payAll(opened.map((a) => ({ user: a.user, id: a.res.json().id })));
    expect(made).toEqual([expect.objectContaining({ discount: { code: code.code, amount: 10 } })]);
    expect(await discountedOrders(code.code)).toHaveLength(1);
    expect(await counts(code._id)).toMatchObject({ uses: 1, held: 0 });

    // And once it is used, a second wave gets nothing either.
    const late = await Promise.all(
      customers.slice(0, 5).map((user) => checkoutWithCode(t.app, user, [{ _id: dress.id, quantity: 1 }], code.code)),
    );
    expect(late.map((r) => r.statusCode)).toEqual(Array(5).fill(409));
    expect(await discountedOrders(code.code)).toHaveLength(1);
  });

  it('a code of 5 uses and 40 customers at once: exactly 5 held, 5 discounted orders, never more', async () => {
    const code = await makeCode(t.app, admin, { kind: 'percentage', percentOff: 30, maxUses: 5 });
    const scarf = await createProduct(t.db, { priceCents: 2999 });
    const customers = await Promise.all(Array.from({ length: 40 }, () => createUser(t.db)));
    const answers = await Promise.all(
      customers.map(async (user) => ({
        user,
        res: await checkoutWithCode(t.app, user, [{ _id: scarf.id, quantity: 2 }], code.code),
      })),
    );
    const opened = answers.filter((a) => a.res.statusCode === 200);
    expect(opened).toHaveLength(5);
    expect(answers.filter((a) => a.res.statusCode === 409)).toHaveLength(35);
    expect(await counts(code._id)).toMatchObject({ uses: 0, held: 5 });
    await payAll(opened.map((a) => ({ user: a.user, id: a.res.json().id })));
    expect(await discountedOrders(code.code)).toHaveLength(5);
    expect(await counts(code._id)).toMatchObject({ uses: 5, held: 0 });
  });

  it('one customer limited to 1 use, two checkouts of theirs at once: one is opened, the other refused', async () => {
    const bag = await createProduct(t.db, { priceCents: 4500 });
    for (let round = 0; round < 10; round++) {
      const code = await makeCode(t.app, admin, { kind: 'percentage', percentOff: 10, maxUsesPerCustomer: 1 });
      const user = await createUser(t.db);
      const [a, b] = await Promise.all([
        checkoutWithCode(t.app, user, [{ _id: bag.id, quantity: 1 }], code.code),
        checkoutWithCode(t.app, user, [{ _id: bag.id, quantity: 1 }], code.code),
      ]);
      const statuses = [a?.statusCode, b?.statusCode].sort();
      expect(statuses).toEqual([200, 409]);
      const refused = [a, b].find((r) => r?.statusCode === 409);
      expect(['customer_holding', 'customer_used_up']).toContain(refused?.json().discountProblem);
      const winner = [a, b].find((r) => r?.statusCode === 200);
      await payAll([{ user, id: winner?.json().id }]);
      expect(await discountedOrders(code.code)).toHaveLength(1);
      expect(await customerCountsOf(t.db, code._id, user.email)).toEqual({ uses: 1, held: 0 });
      // Their next checkout with it is refused; someone else's is not.
      expect((await checkoutWithCode(t.app, user, [{ _id: bag.id, quantity: 1 }], code.code)).statusCode).toBe(409);
      const other = await createUser(t.db);
      expect((await checkoutWithCode(t.app, other, [{ _id: bag.id, quantity: 1 }], code.code)).statusCode).toBe(200);
    }
  });
});
