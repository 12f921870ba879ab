import { randomUUID } from 'node:crypto';
import { AUDIT_KINDS, type AuditEntry, type AuditKind } from '@shop/contract/audit';
import type { Order } from '@shop/contract/orders';
import { asc, sql } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { confirm, openSession, submitCard } from '../../test/checkout-test-kit';
import { createAdmin, createProduct, createUser, TEST_PASSWORD, type TestUser } from '../../test/factories';
import { concreteUrl } from '../../test/route-table';
import { createTestApp, type TestApp } from '../../test/test-app';

/** Behind the cluster's HAProxy: the shop trusts X-Forwarded-For, and the log keeps the client's address. */
const CLIENT_IP = '203.0.113.7';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  admin = await createAdmin(t.db);
});
afterAll(() => t.close());

const as = (user: TestUser) => ({ ...user.headers, 'x-forwarded-for': CLIENT_IP });

async function auditRows() {
  return t.db.select().from(auditLog).orderBy(asc(auditLog.id));
}

async function listAudit(query: Record<string, string> = {}, user: TestUser = admin) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/audit-log?${new URLSearchParams(query)}`,
    headers: user.headers,
  });
  return res;
}

async function placeOrder(user: TestUser): Promise<Order> {
  const product = await createProduct(t.db, { priceCents: 2000 });
  const { id } = await openSession(t.app, user, [{ _id: product.id, quantity: 2 }]);
  expect((await submitCard(t.app, id)).statusCode).toBe(303);
  const res = await confirm(t.app, user, id);
  expect(res.statusCode).toBe(200);
  return res.json().order as Order;
}

describe('the audit log', () => {
  const made = new Map<AuditKind, AuditEntry>();
  let productId: string;
  let customer: TestUser;
  let order: Order;
  let discountId: string;

  beforeAll(async () => {
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
    productId = created.json().product._id;
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/update-product/${productId}`,
      headers: as(admin),
      payload: { price: 79, name: 'Linen Wrap Dress II', color: 'beige' },
    });
    expect(edited.statusCode).toBe(200);
    customer = await createUser(t.db);
    const role = await t.app.inject({
      method: 'PUT',
      url: `/api/auth/users/${customer.id}`,
      headers: as(admin),
      payload: { role: 'admin' },
    });
    expect(role.statusCode).toBe(200);
    order = await placeOrder(customer);
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

    const discount = await t.app.inject({
      method: 'POST',
      url: '/api/discounts',
      headers: as(admin),
      payload: { code: 'AUDIT10', kind: 'percentage', percentOff: 10 },
    });
    expect(discount.statusCode).toBe(201);
    discountId = discount.json().code._id;
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

    const res = await listAudit({ actor: admin.email });
    expect(res.statusCode).toBe(200);
    for (const entry of (res.json().entries as AuditEntry[]).reverse()) made.set(entry.kind, entry);
  });

  it('has a row, made through the API, for every kind of staff action', () => {
    const missing = AUDIT_KINDS.filter((kind) => !made.has(kind));
    expect(missing).toEqual([]);
  });

  it('says who (id and e-mail), when, what, to what and from which address', () => {
    const created = made.get('product.created');
    expect(created).toMatchObject({
      actor: { id: admin.id, email: admin.email },
      kind: 'product.created',
      target: { type: 'product', id: productId, label: 'Linen Wrap Dress' },
      details: { priceCents: 8950 },
      ip: CLIENT_IP,
    });
    expect(Date.now() - new Date(created?.at ?? 0).getTime()).toBeLessThan(60_000);
  });

  it('keeps the before and after of only the fields an edit changed', () => {
    expect(made.get('product.updated')?.details).toEqual({
      changes: {
        name: { before: 'Linen Wrap Dress', after: 'Linen Wrap Dress II' },
        priceCents: { before: 8950, after: 7900 },
      },
    });
  });

  it('records roles, statuses, refunds and deletions with what changed', () => {
    expect(made.get('user.role_changed')).toMatchObject({
      target: { type: 'user', id: customer.id, label: customer.email },
      details: { changes: { role: { before: 'user', after: 'admin' } } },
    });
    expect(made.get('order.status_changed')).toMatchObject({
      target: { type: 'order', id: order._id, label: order.orderId },
      details: { changes: { status: { before: 'pending', after: 'shipped' } }, carrier: 'DHL' },
    });
    expect(made.get('order.refunded')?.details).toMatchObject({ amountCents: 500, reason: 'Late' });
    expect(made.get('order.cancelled')?.details).toMatchObject({ amountCents: Math.round(order.amount * 100) - 500 });
    expect(made.get('order.deleted')?.target).toEqual({ type: 'order', id: order._id, label: order.orderId });
    expect(made.get('product.deleted')?.target).toEqual({
      type: 'product',
      id: productId,
      label: 'Linen Wrap Dress II',
    });
    expect(made.get('discount_code.created')).toMatchObject({
      target: { type: 'discount_code', id: discountId, label: 'AUDIT10' },
      ip: CLIENT_IP,
    });
    expect(made.get('discount_code.updated')?.details).toEqual({
      changes: { paused: { before: false, after: true } },
    });
    expect(made.get('two_factor.enabled')).toMatchObject({ target: { type: 'user', id: admin.id }, ip: CLIENT_IP });
    expect(made.get('two_factor.disabled')?.details).toEqual({ with: 'password' });
    expect(made.get('user.deleted')).toMatchObject({
      target: { type: 'user', id: customer.id, label: customer.email },
      details: { role: 'admin' },
    });
  });

  it('writes no row for a change that was refused, and none for an edit that changed nothing', async () => {
    const before = (await auditRows()).length;
    const refused = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/update-product/${randomUUID()}`,
      headers: as(admin),
      payload: { price: 10 },
    });
    expect(refused.statusCode).toBe(404);
    const product = await createProduct(t.db, { name: 'Same' });
    const same = await t.app.inject({
      method: 'PATCH',
      url: `/api/products/update-product/${product.id}`,
      headers: as(admin),
      payload: { name: 'Same' },
    });
    expect(same.statusCode).toBe(200);
    expect((await auditRows()).length).toBe(before);
  });
});

describe('GET /api/audit-log', () => {
  it('filters by who, kind and date range, newest first, a page at a time', async () => {
    const other = await createAdmin(t.db);
    const products = await Promise.all([1, 2, 3].map(() => createProduct(t.db)));
    for (const p of products) {
      const res = await t.app.inject({ method: 'DELETE', url: `/api/products/${p.id}`, headers: as(other) });
      expect(res.statusCode).toBe(200);
    }
    const all = (await listAudit({ actor: other.email.toUpperCase() })).json();
    expect(all.entries.map((e: AuditEntry) => e.target.id)).toEqual(products.map((p) => p.id).reverse());
    expect(all.nextBefore).toBeNull();

    const first = (await listAudit({ actor: other.email, limit: '2' })).json();
    expect(first.entries).toHaveLength(2);
    expect(first.nextBefore).toBe(first.entries[1].id);
    const second = (await listAudit({ actor: other.email, limit: '2', before: first.nextBefore })).json();
    expect(second.entries.map((e: AuditEntry) => e.target.id)).toEqual([products[0]?.id]);
    expect(second.nextBefore).toBeNull();

    const kinds = (await listAudit({ kind: 'product.deleted' })).json().entries as AuditEntry[];
    expect(kinds.length).toBeGreaterThanOrEqual(4);
    expect(new Set(kinds.map((e) => e.kind))).toEqual(new Set(['product.deleted']));

    const future = new Date(Date.now() + 3_600_000).toISOString();
    expect((await listAudit({ from: future })).json().entries).toEqual([]);
    const past = new Date(Date.now() - 3_600_000).toISOString();
    expect((await listAudit({ actor: other.email, from: past, to: future })).json().entries).toHaveLength(3);
    expect((await listAudit({ actor: other.email, to: past })).json().entries).toEqual([]);
  });

  it('answers bad filters with a 400 and a message', async () => {
    const queries: Record<string, string>[] = [
      { kind: 'product.stolen' },
      { from: 'yesterday' },
      { before: 'abc' },
      { limit: '1000' },
      { from: new Date().toISOString(), to: new Date(Date.now() - 86_400_000).toISOString() },
      { before: '999999999' },
    ];
    for (const query of queries) {
      const res = await listAudit(query);
      expect(res.statusCode, JSON.stringify(query)).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
  });

  it('is for admins only', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/audit-log' })).statusCode).toBe(401);
    expect((await listAudit({}, await createUser(t.db))).statusCode).toBe(403);
  });
});

describe('rows cannot be changed or deleted', () => {
  it('by any route of the API: every route of the table, called as an admin, leaves every row as it was', async () => {
    const before = await auditRows();
    expect(before.length).toBeGreaterThan(5);
    const someRowId = String(before[0]?.id);
    const auditRoutes = t.app.routeAuth.filter((r) => r.url.startsWith('/api/audit-log'));
    expect(auditRoutes.map((r) => r.method)).toEqual(['GET']);
    for (const route of t.app.routeAuth) {
      if (route.method === 'GET' || route.method === 'HEAD') continue;
      // A fresh admin each time: one of these routes is logout.
      const caller = await createAdmin(t.db);
      for (const id of [someRowId, randomUUID()]) {
        await t.app.inject({
          method: route.method as 'POST',
          url: concreteUrl(route.url, id),
          headers: caller.headers,
          payload: { id: someRowId, kind: 'product.created', actorEmail: 'someone@else.test' },
        });
      }
    }
    const after = await auditRows();
    expect(after.slice(0, before.length)).toEqual(before);
  });

  it('by the database itself: UPDATE, DELETE and TRUNCATE are refused', async () => {
    const before = await auditRows();
    await expect(t.db.execute(sql`update audit_log set actor_email = 'nobody@x.test'`)).rejects.toThrow();
    await expect(t.db.execute(sql`delete from audit_log`)).rejects.toThrow();
    await expect(t.db.execute(sql`truncate audit_log`)).rejects.toThrow();
    expect(await auditRows()).toEqual(before);
  });

  it('deleting the admin who acted leaves their rows as they were', async () => {
    const leaving = await createAdmin(t.db);
    const product = await createProduct(t.db);
    await t.app.inject({ method: 'DELETE', url: `/api/products/${product.id}`, headers: as(leaving) });
    const res = await t.app.inject({ method: 'DELETE', url: `/api/auth/users/${leaving.id}`, headers: as(admin) });
    expect(res.statusCode).toBe(200);
    const [entry] = (await listAudit({ actor: leaving.email })).json().entries as AuditEntry[];
    expect(entry?.actor).toEqual({ id: leaving.id, email: leaving.email });
  });
});
