import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { apiPaths } from '@shop/contract/api-paths';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOD_CARD, GOOD_DELIVERY } from '../test/checkout-test-kit';
import { createAdmin, createProduct, createUser } from '../test/factories';
import { type ShopProcess, startShopProcess } from '../test/shop-process';
import { type DatabaseHandle, openDatabase } from './client';

const serverUrl = process.env.TEST_DATABASE_URL;

/** The test roles' password, for a server that asks for one. */
const PASSWORD = 'shop-role-test-password';

/** A URL of the test server for `user` on `database`. */
function urlAs(user: string, database: string): string {
  const url = new URL(serverUrl ?? '');
  url.username = user;
  url.password = PASSWORD;
  url.pathname = `/${database}`;
  return url.toString();
}

/** The PostgreSQL error code of what `statement` threw, or 'ok'. */
async function refusal(client: pg.Client, statement: string): Promise<string> {
  return client.query(statement).then(
    () => 'ok',
    (err: { code?: string }) => err.code ?? 'no code',
  );
}

async function waitFor(done: () => boolean | Promise<boolean>, what: string): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!(await done())) {
    if (Date.now() > deadline) throw new Error(`${what}: not within 60 s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * The shop as docs/deploy.md runs it: migrations as the database's owner (DATABASE_MIGRATION_URL), the shop
 * itself as a role that owns nothing, so that no bug and no stolen connection can rewrite the audit log.
 */
describe.skipIf(!serverUrl)('the shop under a role of its own', () => {
  const tag = randomBytes(4).toString('hex');
  const [owner, role, database] = [`shop_owner_t${tag}`, `shop_t${tag}`, `shop_role_t${tag}`];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-role-'));
  let admin: pg.Client;
  let shop: ShopProcess | undefined;
  let asShop: DatabaseHandle | undefined;
  let shopClient: pg.Client | undefined;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    for (const name of [owner, role])
      await admin.query(`create role ${name} login nosuperuser nocreatedb nocreaterole password '${PASSWORD}'`);
    await admin.query(`create database ${database} owner ${owner}`);
    // What PostgreSQL 14 and older give every role: the shop's must not need it, nor use it to alter anything.
    await admin.query(`revoke all on database ${database} from public`);
    await admin.query(`grant connect, temporary on database ${database} to ${role}`);
    shop = await startShopProcess({
      DATABASE_URL: urlAs(role, database),
      DATABASE_MIGRATION_URL: urlAs(owner, database),
      DATA_DIR: dataDir,
    });
    asShop = await openDatabase({ url: urlAs(role, database), poolSize: 2, plannedOncePoolSize: 0 });
    shopClient = new pg.Client({ connectionString: urlAs(role, database) });
    await shopClient.connect();
  }, 180_000);
  afterAll(async () => {
    await shop?.stop();
    await asShop?.close();
    await shopClient?.end();
    await admin.query(`drop database if exists ${database} with (force)`);
    await admin.query(`drop role if exists ${role}`);
    await admin.query(`drop role if exists ${owner}`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('starts, serves, takes an order, runs its jobs and writes the audit log', async () => {
    const base = shop?.url ?? '';
    const db = asShop?.db;
    if (!db) throw new Error('no database');
    const buyer = await createUser(db);
    const staff = await createAdmin(db);
    const { id } = await createProduct(db, { priceCents: 4999 });
    expect((await fetch(`${base}${apiPaths.product(id)}`)).status).toBe(200);

    const opened = await fetch(`${base}${apiPaths.createCheckoutSession}`, {
      method: 'POST',
      headers: { ...buyer.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ product: [{ _id: id, quantity: 1 }] }),
    });
    expect(opened.status).toBe(200);
    const sessionId = ((await opened.json()) as { id: string }).id;
    const paid = await fetch(`${base}/checkout/pay/${encodeURIComponent(sessionId)}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...GOOD_CARD, ...GOOD_DELIVERY } as Record<string, string>),
    });
    expect(paid.status).toBe(303);
    const confirmed = await fetch(`${base}${apiPaths.confirmPayment}`, {
      method: 'POST',
      headers: { ...buyer.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ session_id: sessionId }),
    });
    expect(confirmed.status).toBe(200);
    const orders = await shopClient?.query('select count(*)::int as n from orders');
    expect(orders?.rows).toEqual([{ n: 1 }]);

    // The order's mail is a job: the queue, under the shop's role, works it into the dev mailbox.
    const mailbox = path.join(dataDir, 'mail');
    await waitFor(() => fs.existsSync(mailbox) && fs.readdirSync(mailbox).some((f) => f.endsWith('.eml')), 'a mail');

    const changed = await fetch(`${base}${apiPaths.updateProduct(id)}`, {
      method: 'PATCH',
      headers: { ...staff.headers, 'content-type': 'application/json' },
      body: JSON.stringify({ price: 59.99 }),
    });
    expect(changed.status).toBe(200);
    const audit = await shopClient?.query('select count(*)::int as n from audit_log');
    expect(audit?.rows[0]?.n).toBeGreaterThan(0);
  });

  it('cannot change or remove the audit log, switch its triggers off, or alter any table', async () => {
    const client = shopClient;
    if (!client) throw new Error('no connection');
    const { rows } = await client.query('select rolsuper from pg_roles where rolname = current_user');
    expect(rows).toEqual([{ rolsuper: false }]);
    const INSUFFICIENT_PRIVILEGE = '42501';
    for (const statement of [
      'update audit_log set kind = kind',
      'delete from audit_log',
      'truncate audit_log',
      'alter table audit_log disable trigger all',
      'alter table audit_log disable trigger audit_log_no_update_or_delete',
      'drop trigger audit_log_no_update_or_delete on audit_log',
      'alter table orders add column notes text',
      'drop table audit_log',
      "set session_replication_role = 'replica'",
      'alter table pgboss.job add column notes text',
    ]) {
      expect(`${statement}: ${await refusal(client, statement)}`).toBe(`${statement}: ${INSUFFICIENT_PRIVILEGE}`);
    }
    const audited = await client.query('select count(*)::int as n from audit_log');
    expect(audited.rows[0]?.n).toBeGreaterThan(0);
  });
});
