import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBackgroundWork } from '../background-work';
import { builtinPaymentSessions, checkoutSessions, orders } from '../db/schema';
import { fulfilDepsOf } from '../modules/orders/fulfil-deps';
import { payBuiltinSession } from '../modules/payments/builtin-provider';
import type { PaymentProvider } from '../modules/payments/payment-provider';
import { confirm, openSession, submitCard } from '../test/checkout-test-kit';
import { createProduct, createUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import { reconcile } from './reconcile';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const deps = (provider?: PaymentProvider) => ({
  ...fulfilDepsOf(t.app.deps, t.app.log),
  provider: provider ?? t.app.deps.paymentProvider,
});
const ordersOf = (sessionId: string) => t.db.select().from(orders).where(eq(orders.checkoutSessionId, sessionId));

async function newSession() {
  const product = await createProduct(t.db, { priceCents: 1500 });
  const user = await createUser(t.db);
  const { id } = await openSession(t.app, user, [{ _id: product.id, quantity: 1 }]);
  return { id, user };
}

describe('reconciliation', () => {
  it('makes the order of a paid session nobody confirmed, once, and leaves the others alone', async () => {
    // Paid on the hosted page, but the tab was closed and the event lost.
    const lost = await newSession();
    await payBuiltinSession(t.db, lost.id);
    const unpaid = await newSession();
    const expired = await newSession();
    await t.db
      .update(builtinPaymentSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(builtinPaymentSessions.id, expired.id));
    const confirmed = await newSession();
    await submitCard(t.app, confirmed.id);
    await confirm(t.app, confirmed.user, confirmed.id);
    const old = await newSession();
    await payBuiltinSession(t.db, old.id);
    await t.db
      .update(checkoutSessions)
      .set({ createdAt: new Date(Date.now() - 4 * 24 * 60 * 60 * 1000) })
      .where(eq(checkoutSessions.id, old.id));

    expect(await reconcile(deps())).toEqual({ checked: 3, fulfilled: 1, missing: 0 });
    const [order] = await ordersOf(lost.id);
    expect(order).toMatchObject({ email: lost.user.email, amountCents: 1575, status: 'pending' });
    expect(await ordersOf(unpaid.id)).toHaveLength(0);
    expect(await ordersOf(expired.id)).toHaveLength(0);
    expect(await ordersOf(old.id)).toHaveLength(0);

    // The shopper comes back to the success page later: same order.
    const late = await confirm(t.app, lost.user, lost.id);
    expect(late.json().order._id).toBe(order?.id);
    expect(await reconcile(deps())).toEqual({ checked: 2, fulfilled: 0, missing: 0 });
    expect(await reconcile(deps(), { lookbackDays: 5 })).toEqual({ checked: 3, fulfilled: 1, missing: 0 });
    expect(await ordersOf(old.id)).toHaveLength(1);
  });

  it('counts a paid session it could not settle as missing, and settles it on the next run', async () => {
    const { id } = await newSession();
    await payBuiltinSession(t.db, id);
    const real = t.app.deps.paymentProvider;
    let calls = 0;
    // Answers "paid" to reconciliation's question, then fails when fulfilment asks again.
    const flaky: PaymentProvider = {
      ...real,
      retrieveSession: async (sessionId) => {
        if (sessionId === id && ++calls === 2) throw new Error('connection reset');
        return real.retrieveSession(sessionId);
      },
    };
    const first = await reconcile(deps(flaky));
    expect(first.missing).toBe(1);
    expect(await ordersOf(id)).toHaveLength(0);
    const second = await reconcile(deps());
    expect(second).toMatchObject({ fulfilled: 1, missing: 0 });
    expect(await ordersOf(id)).toHaveLength(1);
  });

  it('runs on the job queue as soon as an instance starts its background work', async () => {
    const { id } = await newSession();
    await payBuiltinSession(t.db, id);
    await startBackgroundWork({ ...t.app.deps, config: { ...t.config, reconcileIntervalSeconds: 300 } }, t.app.log);
    const deadline = Date.now() + 15_000;
    while ((await ordersOf(id)).length === 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(await ordersOf(id)).toHaveLength(1);
  });
});
