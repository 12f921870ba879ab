import { randomUUID } from 'node:crypto';
import { AUDIT_KINDS, type AuditEntry, type AuditKind } from '@shop/contract/audit';
import type { Order } from '@shop/contract/orders';
import { asc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { as, CLIENT_IP, makeEveryKindOfAction } from '../../test/audit-test-kit';
import { createAdmin, createProduct, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  admin = await createAdmin(t.db);
});
afterAll(() => t.close());

async function auditRows() {
  return t.db.select().from(auditLog).orderBy(asc(auditLog.id));
}

describe('the audit log', () => {
  let made = new Map<AuditKind, AuditEntry>();
  let productId: string;
  let customer: TestUser;
  let order: Order;
  let discountId: string;

  beforeAll(async () => {
    ({ made, productId, customer, order, discountId } = await makeEveryKindOfAction(t, admin));
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
