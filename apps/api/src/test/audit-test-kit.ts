import type { AuditEntry, AuditKind } from '@shop/contract/audit';
import type { Order } from '@shop/contract/orders';
import type { Return } from '@shop/contract/returns';
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { expect } from 'vitest';
import { orders } from '../db/schema';
import { confirm, openSession, submitCard } from './checkout-test-kit';
import { createProduct, createUser, TEST_PASSWORD, type TestUser } from './factories';
import { askReturn, buy, clothing } from './returns-test-kit';
import type { TestApp } from './test-app';

/** Behind the cluster's HAProxy: the shop trusts X-Forwarded-For, and the log keeps the client's address. */
export const CLIENT_IP = '203.0.113.7';

export const as = (user: TestUser) => ({ ...user.headers, 'x-forwarded-for': CLIENT_IP });

export async function listAudit(t: TestApp, query: Record<string, string>, user: TestUser) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/audit-log?${new URLSearchParams(query)}`,
    headers: user.headers,
  });
  return res;
}

async function placeOrder(t: TestApp, user: TestUser): Promise<Order> {
  const product = await createProduct(t.db, { priceCents: 2000 });
  const { id } = await openSession(t.app, user, [{ _id: product.id, quantity: 2 }]);
  expect((await submitCard(t.app, id)).statusCode).toBe(303);
  const res = await confirm(t.app, user, id);
  expect(res.statusCode).toBe(200);
  return res.json().order as Order;
}

/** Products, a role, an order through its statuses and refunds, and deletions, made by `admin`. */
async function actOnCatalogueAndOrders(t: TestApp, admin: TestUser) {
  const created = await t.app.inject({
    method: 'POST',
    url: '/api/products/create-product',
    headers: as(admin),
    payload: {
      name: 'Linen Wrap Dress',
      category: 'dress',
      color: 'beige',
      price: 89.5,
      description: 'Soft linen.',
      image: '/uploads/x.webp',
    },
  });
  expect(created.statusCode).toBe(201);
  const productId = created.json().product._id;
  const edited = await t.app.inject({
    method: 'PATCH',
    url: `/api/products/update-product/${productId}`,
    headers: as(admin),
    payload: { price: 79, name: 'Linen Wrap Dress II', color: 'beige' },
  });
  expect(edited.statusCode).toBe(200);
  const customer = await createUser(t.db);
  const role = await t.app.inject({
    method: 'PUT',
    url: `/api/auth/users/${customer.id}`,
    headers: as(admin),
    payload: { role: 'admin' },
  });
  expect(role.statusCode).toBe(200);
  const order = await placeOrder(t, customer);
  const status = await t.app.inject({
    method: 'PATCH',
    url: `/api/orders/update-order-status/${order._id}`,
    headers: as(admin),
    payload: { status: 'shipped', carrier: 'DHL', trackingNumber: 'JD0123' },
  });
  expect(status.statusCode).toBe(200);
  const refund = await t.app.inject({
    method: 'POST',
    url: `/api/orders/refund/${order._id}`,
    headers: as(admin),
    payload: { kind: 'refund', amountCents: 500, reason: 'Late' },
  });
  expect(refund.statusCode).toBe(200);
  const cancel = await t.app.inject({
    method: 'POST',
    url: `/api/orders/refund/${order._id}`,
    headers: as(admin),
    payload: { kind: 'cancellation' },
  });
  expect(cancel.statusCode).toBe(200);
  const deletedOrder = await t.app.inject({
    method: 'DELETE',
    url: `/api/orders/delete-order/${order._id}`,
    headers: as(admin),
  });
  expect(deletedOrder.statusCode).toBe(200);
  const deletedProduct = await t.app.inject({
    method: 'DELETE',
    url: `/api/products/${productId}`,
    headers: as(admin),
  });
  expect(deletedProduct.statusCode).toBe(200);
  const deletedUser = await t.app.inject({
    method: 'DELETE',
    url: `/api/auth/users/${customer.id}`,
    headers: as(admin),
  });
  expect(deletedUser.statusCode).toBe(200);
  return { productId, customer, order };
}

/** A discount code made and paused, and two-factor turned on and off, by `admin`. */
async function actOnCodesAndTwoFactor(t: TestApp, admin: TestUser) {
  const discount = await t.app.inject({
    method: 'POST',
    url: '/api/discounts',
    headers: as(admin),
    payload: { code: 'AUDIT10', kind: 'percentage', percentOff: 10 },
  });
  expect(discount.statusCode).toBe(201);
  const discountId = discount.json().code._id;
  const paused = await t.app.inject({
    method: 'PATCH',
    url: `/api/discounts/${discountId}/paused`,
    headers: as(admin),
    payload: { paused: true },
  });
  expect(paused.statusCode).toBe(200);

  const setup = await t.app.inject({ method: 'POST', url: '/api/auth/two-factor/setup', headers: as(admin) });
  const code = await generate({ secret: setup.json().secret });
  const on = await t.app.inject({
    method: 'POST',
    url: '/api/auth/two-factor/confirm',
    headers: as(admin),
    payload: { code },
  });
  expect(on.statusCode).toBe(200);
  const off = await t.app.inject({
    method: 'POST',
    url: '/api/auth/two-factor/disable',
    headers: as(admin),
    payload: { password: TEST_PASSWORD },
  });
  expect(off.statusCode).toBe(200);
  return discountId;
}

/**
 * Every kind of staff action, made through the API by `admin`: the audit tests read the rows these leave,
 * and the tests of the log's filters and immutability count on them being there.
 */
/**
 * Three returns of one shipped line, each received; then one refunded, one exchanged for another size
 * and one rejected, by the admin.
 */
async function actOnReturns(t: TestApp, admin: TestUser): Promise<void> {
  const customer = await createUser(t.db);
  const product = await clothing(t.db);
  const { orderId, items } = await buy(t.app, t.db, customer, [{ _id: product.id, quantity: 3, size: 'M' }]);
  // Shipped without the status change's own audit row, which the log's other checks read.
  await t.db.update(orders).set({ status: 'shipped', fulfilledAt: new Date() }).where(eq(orders.id, orderId));
  const itemId = items[0]?.id;
  const decisions = [
    [{ outcome: 'refund', reason: 'faulty' }, { decision: 'accept' }],
    [{ outcome: 'exchange', reason: 'too_large', exchange: { size: 'S' } }, { decision: 'accept' }],
    [
      { outcome: 'refund', reason: 'changed_mind' },
      { decision: 'reject', reason: 'Worn' },
    ],
  ] as const;
  for (const [line, decision] of decisions) {
    const asked = await askReturn(t.app, customer, { orderId, lines: [{ itemId, quantity: 1, ...line }] });
    expect(asked.statusCode, asked.body).toBe(201);
    const made = asked.json().return as Return;
    const url = `/api/returns/${made._id}`;
    const received = await t.app.inject({ method: 'POST', url: `${url}/receive`, headers: as(admin) });
    expect(received.statusCode, received.body).toBe(200);
    const lineUrl = `${url}/lines/${made.lines[0]?._id}/inspect`;
    const decided = await t.app.inject({ method: 'POST', url: lineUrl, headers: as(admin), payload: decision });
    expect(decided.statusCode, decided.body).toBe(200);
  }
}

export async function makeEveryKindOfAction(t: TestApp, admin: TestUser) {
  const made = new Map<AuditKind, AuditEntry>();
  const { productId, customer, order } = await actOnCatalogueAndOrders(t, admin);
  const discountId = await actOnCodesAndTwoFactor(t, admin);
  await actOnReturns(t, admin);
  const header = 'Handle,Title,Body (HTML),Type,Option1 Value,Option2 Value,Variant Price,Variant Image';
  const imported = await t.app.inject({
    method: 'POST',
    url: '/api/products/import',
    headers: { ...as(admin), 'content-type': 'text/csv' },
    payload: `${header}\naudit-scarf,Audit Scarf,A silk scarf.,accessories,Red,One size,25.00,/uploads/x.webp\n`,
  });
  expect(imported.statusCode, imported.body).toBe(200);
  const res = await listAudit(t, { actor: admin.email }, admin);
  expect(res.statusCode).toBe(200);
  for (const entry of (res.json().entries as AuditEntry[]).reverse()) made.set(entry.kind, entry);
  return { made, productId, customer, order, discountId };
}
