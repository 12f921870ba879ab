import { randomUUID } from 'node:crypto';
import type { AuditEntry } from '@shop/contract/audit';
import { asc, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../../db/schema';
import { as, listAudit as kitListAudit, makeEveryKindOfAction } from '../../test/audit-test-kit';
import { createAdmin, createProduct, createUser, type TestUser } from '../../test/factories';
import { concreteUrl } from '../../test/route-table';
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

const listAudit = (query: Record<string, string> = {}, user: TestUser = admin) => kitListAudit(t, query, user);

// The log as the staff's actions of every kind left it, before the tests below add to it.
beforeAll(() => makeEveryKindOfAction(t, admin));

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
