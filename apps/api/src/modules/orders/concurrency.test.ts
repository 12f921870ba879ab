import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderItems, orders } from '../../db/schema';
import { fulfilCheckout } from '../../flows/fulfilment';
import { confirm, openSession } from '../../test/checkout-test-kit';
import { createProduct, createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { payBuiltinSession } from '../payments/builtin-provider';
import { fulfilDepsOf } from './fulfil-deps';

const CALLS = 200;

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const database = () => (process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite');

/** A session paid at the provider whose "checkout completed" event has not run yet. */
async function paidSessionWithoutOrder(user: TestUser): Promise<string> {
  const dress = await createProduct(t.db, { priceCents: 8999 });
  const belt = await createProduct(t.db, { priceCents: 1250 });
  const { id } = await openSession(t.app, user, [
    { _id: dress.id, quantity: 1 },
    { _id: belt.id, quantity: 2 },
  ]);
  expect(await payBuiltinSession(t.db, id)).toBeDefined();
  return id;
}

async function expectExactlyOneOrder(sessionId: string) {
  const rows = await t.db.select().from(orders).where(eq(orders.checkoutSessionId, sessionId));
  expect(rows).toHaveLength(1);
  const items = await t.db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, rows[0]?.id ?? ''));
  expect(items).toHaveLength(2);
}

describe('exactly one order however many confirmations race', () => {
  it(`${CALLS} concurrent confirm-payment calls and the checkout-completed event make one order (app.inject)`, async ({
    annotate,
  }) => {
    const user = await createUser(t.db);
    const sessionId = await paidSessionWithoutOrder(user);
    const deps = fulfilDepsOf(t.app.deps, t.app.log);

    const started = performance.now();
    const [event, ...answers] = await Promise.all([
      fulfilCheckout(deps, sessionId, 'system'),
      ...Array.from({ length: CALLS }, () => confirm(t.app, user, sessionId)),
    ]);
    const ms = Math.round(performance.now() - started);

    expect(answers.map((a) => a.statusCode)).toEqual(Array(CALLS).fill(200));
    const bodies = new Set(answers.map((a) => a.body));
    expect(bodies.size).toBe(1);
    expect(answers[0]?.json()).toEqual({ order: event.order });
    expect(event.order.amount).toBe(120.74);
    await expectExactlyOneOrder(sessionId);
    await annotate(`${database()} app.inject: ${CALLS} confirmations + 1 event -> 1 order, ${ms} ms`);
  });

  it(`${CALLS} concurrent confirmations over real HTTP race the event to one order`, async ({ annotate }) => {
    const user = await createUser(t.db);
    const sessionId = await paidSessionWithoutOrder(user);
    const deps = fulfilDepsOf(t.app.deps, t.app.log);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;

    const started = performance.now();
    const [event, ...answers] = await Promise.all([
      fulfilCheckout(deps, sessionId, 'system'),
      ...Array.from({ length: CALLS }, async () => {
        const res = await fetch(`http://127.0.0.1:${port}/api/orders/confirm-payment`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', cookie: user.cookie },
          body: JSON.stringify({ session_id: sessionId }),
        });
        return { status: res.status, body: await res.text() };
      }),
    ]);
    const ms = Math.round(performance.now() - started);

    expect(answers.map((a) => a.status)).toEqual(Array(CALLS).fill(200));
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(JSON.parse(answers[0]?.body ?? '{}')).toEqual({ order: event.order });
    await expectExactlyOneOrder(sessionId);
    await annotate(`${database()} HTTP: ${CALLS} confirmations + 1 event -> 1 order, ${ms} ms`);
  });
});
