import { TWO_FACTOR_MESSAGES, TWO_FACTOR_REQUIRED_REASON } from '@shop/contract/two-factor';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { orders, users } from '../db/schema';
import type { RouteAuth } from '../platform/auth-guard';
import { confirm, openSession, submitCard } from './checkout-test-kit';
import { createAdmin, createProduct, createReview, createUser, type TestUser } from './factories';
import { concreteUrl } from './route-table';
import { createTestApp } from './test-app';

/**
 * Wherever being an admin lets a user read or change another account's data, ADMIN_REQUIRE_2FA's gate
 * stands: read from the app's route table, so a route added later at that level is checked here too.
 */
const t = await createTestApp({ env: { ADMIN_REQUIRE_2FA: 'true' } });
afterAll(() => t.close());

const label = (r: RouteAuth) => `${r.method} ${r.url}`;
const product = await createProduct(t.db);

/** A user with data of their own: an order (from a checkout session they paid) and a review. */
interface Owner {
  user: TestUser;
  sessionId: string;
  orderId: string;
  returnId: string;
}

async function ownerWithData(user: TestUser): Promise<Owner> {
  const { id: sessionId } = await openSession(t.app, user, [{ _id: product.id, quantity: 1 }]);
  expect((await submitCard(t.app, sessionId)).statusCode).toBeLessThan(400);
  const confirmed = await confirm(t.app, user, sessionId);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  await createReview(t.db, { userId: user.id, productId: product.id });
  const order = confirmed.json().order;
  // Shipped, so its owner can ask to return it.
  await t.db.update(orders).set({ status: 'shipped', fulfilledAt: new Date() }).where(eq(orders.id, order._id));
  const asked = await t.app.inject({
    method: 'POST',
    url: '/api/returns',
    headers: user.headers,
    payload: {
      orderId: order._id,
      lines: [{ itemId: order.products[0]._id, quantity: 1, reason: 'faulty', outcome: 'refund' }],
    },
  });
  expect(asked.statusCode, asked.body).toBe(201);
  return { user, sessionId, orderId: order._id, returnId: asked.json().return._id };
}

const customer = await ownerWithData(await createUser(t.db));
/** An admin without a second factor, whom the gate stops. */
const unenrolled = await ownerWithData(await createAdmin(t.db));
const enrolled = await createAdmin(t.db);
await t.db.update(users).set({ twoFactorEnabledAt: new Date() }).where(eq(users.id, enrolled.id));

const get = (url: string, caller: TestUser) => t.app.inject({ method: 'GET', url, headers: caller.headers });

/** How each route where an admin may act on another account is called on `owner`'s data. */
const onDataOf: Record<string, (owner: Owner, caller: TestUser) => ReturnType<typeof get>> = {
  'GET /api/orders/:email': (owner, caller) => get(`/api/orders/${encodeURIComponent(owner.user.email)}`, caller),
  'GET /api/orders/order/:id': (owner, caller) => get(`/api/orders/order/${owner.orderId}`, caller),
  'POST /api/orders/confirm-payment': (owner, caller) => confirm(t.app, caller, owner.sessionId),
  'GET /api/stats/user-stats/:idOrEmail': (owner, caller) => get(`/api/stats/user-stats/${owner.user.id}`, caller),
  'GET /api/reviews/:userId': (owner, caller) => get(`/api/reviews/${owner.user.id}`, caller),
  'GET /api/returns/order/:orderId': (owner, caller) => get(`/api/returns/order/${owner.orderId}`, caller),
  'GET /api/returns/:id': (owner, caller) => get(`/api/returns/${owner.returnId}`, caller),
};

// The payment confirmation is open to guests (their checkouts have no account), yet for a customer's
// checkout it asks an admin's power as these routes do.
const ownerOrAdmin = t.app.routeAuth.filter(
  (r) => r.auth === 'owner-or-admin' || label(r) === 'POST /api/orders/confirm-payment',
);

it("knows every route where an admin may act on another account's data", () => {
  expect(Object.keys(onDataOf).sort()).toEqual(ownerOrAdmin.map(label).sort());
});

describe.each(ownerOrAdmin.map((r) => [label(r)] as const))('%s under ADMIN_REQUIRE_2FA', (name) => {
  const call = onDataOf[name] ?? (() => Promise.reject(new Error(`no call for ${name}`)));

  it("refuses an admin without a second factor on a customer's data, as every admin route does", async () => {
    const res = await call(customer, unenrolled.user);
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toEqual({ message: TWO_FACTOR_MESSAGES.adminMustEnrol, reason: TWO_FACTOR_REQUIRED_REASON });
  });

  it('still answers that admin on their own data, and a customer on theirs', async () => {
    for (const owner of [unenrolled, customer]) {
      const res = await call(owner, owner.user);
      expect(res.statusCode, `${owner.user.role}: ${res.body}`).toBe(200);
    }
  });

  it("answers an admin with a second factor on a customer's data, and refuses a customer on another's", async () => {
    expect((await call(customer, enrolled)).statusCode).toBe(200);
    const res = await call(unenrolled, customer.user);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/your own/);
  });
});

describe('routes a customer calls', () => {
  it("give an admin no power over another account's data: a path naming one answers no data", async () => {
    const named = t.app.routeAuth.filter((r) => r.auth === 'customer' && /:\w+/.test(r.url));
    for (const route of named) {
      for (const value of [customer.user.id, customer.user.email, customer.orderId, customer.sessionId]) {
        const res = await t.app.inject({
          method: route.method as 'GET',
          url: concreteUrl(route.url, encodeURIComponent(value)),
          headers: unenrolled.user.headers,
          payload: {},
        });
        expect(res.statusCode, `${label(route)} with ${value}`).toBeGreaterThanOrEqual(400);
      }
    }
  });
});
