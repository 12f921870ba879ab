import { ORDER_MESSAGES } from '@shop/contract/orders';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtinRefunds, orders } from '../../db/schema';
import { createUser } from '../../test/factories';
import { cents, placeOrder, refund, startRefundsShop, stopRefundsShop, t } from '../../test/refunds-test-kit';
import { builtinRefund } from '../payments/builtin-refunds';

/** The builtin provider's own refunds, and two refunds of what is left racing on PostgreSQL. */
beforeAll(startRefundsShop);
afterAll(stopRefundsShop);

describe('the builtin provider refunds', () => {
  it('once per idempotency key, and refuses a payment it never took or more than it left', async () => {
    const user = await createUser(t.db);
    const { order } = await placeOrder(user);
    const key = crypto.randomUUID();
    const input = { paymentId: order.orderId, amountCents: 300, idempotencyKey: key, metadata: {} };
    const first = await builtinRefund(t.db, input);
    const second = await builtinRefund(t.db, input);
    expect(second).toEqual(first);
    expect(await t.db.select().from(builtinRefunds).where(eq(builtinRefunds.idempotencyKey, key))).toHaveLength(1);
    await expect(
      builtinRefund(t.db, { ...input, idempotencyKey: crypto.randomUUID(), paymentId: 'pi_none' }),
    ).rejects.toThrow(/not found/);
    await expect(
      builtinRefund(t.db, { ...input, idempotencyKey: crypto.randomUUID(), amountCents: cents(order.amount) }),
    ).rejects.toThrow(/less left/);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('refunds racing on PostgreSQL', () => {
  it('two refunds of the remaining amount at once: one succeeds, one is refused', async () => {
    for (let round = 0; round < 5; round++) {
      const user = await createUser(t.db);
      const { order } = await placeOrder(user);
      await refund(order._id, { kind: 'refund', amountCents: 700 });
      const rest = cents(order.amount) - 700;
      const answers = await Promise.all([
        refund(order._id, { kind: 'refund', amountCents: rest }),
        refund(order._id, { kind: 'refund', amountCents: rest }),
      ]);
      const codes = answers.map((a) => a.statusCode).sort();
      expect(codes).toEqual([200, 400]);
      const loser = answers.find((a) => a.statusCode === 400);
      expect([ORDER_MESSAGES.overRefund, ORDER_MESSAGES.nothingToRefund]).toContain(loser?.json().message);
      const [row] = await t.db.select().from(orders).where(eq(orders.id, order._id));
      expect(row).toMatchObject({ refundedCents: cents(order.amount), status: 'refunded' });
      const made = await t.db.select().from(builtinRefunds).where(eq(builtinRefunds.paymentId, order.orderId));
      expect(made.reduce((sum, r) => sum + r.amountCents, 0)).toBe(cents(order.amount));
    }
  });
});
