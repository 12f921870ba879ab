import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiPaths } from '@shop/contract/api-paths';
import { isoDayOf } from '@shop/contract/insight';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../db/client';
import { createProduct } from '../../test/factories';
import { createTestApp, openTestDatabase, type TestApp, type TestDatabase } from '../../test/test-app';
import { ActivityCounter, MAX_TERMS_PER_BATCH } from './activity-counter';
import { normaliseSearchTerm } from './search-terms';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web');
const quiet = { warn: () => {} };

async function countsOf(db: Queryable) {
  const result = await db.execute(
    sql`select kind::text as kind, sum(count)::int as n from activity_day_counts group by kind`,
  );
  const rows = (result as unknown as { rows: { kind: string; n: number }[] }).rows;
  return Object.fromEntries(rows.map((r) => [r.kind, r.n]));
}

async function missesOf(db: Queryable) {
  const result = await db.execute(sql`select term, sum(count)::int as n from search_miss_day_counts group by term`);
  const rows = (result as unknown as { rows: { term: string; n: number }[] }).rows;
  return Object.fromEntries(rows.map((r) => [r.term, r.n]));
}

describe('normaliseSearchTerm', () => {
  it('counts the same words however they were typed, cut to 64 characters', () => {
    expect(normaliseSearchTerm('  Silk\tDRESS\n ')).toBe('silk dress');
    expect(normaliseSearchTerm('ｓｉｌｋ')).toBe('silk');
    expect(normaliseSearchTerm('a\u0000b')).toBe('a b');
    expect(normaliseSearchTerm('é'.repeat(100))).toHaveLength(64);
    // Cut by characters, never inside one written with two UTF-16 units.
    expect([...(normaliseSearchTerm('👗'.repeat(70)) ?? '')]).toHaveLength(64);
  });

  it('keeps nothing that may name a person, and nothing of an empty search', () => {
    for (const personal of ['ada@example.test', 'call 07700 900123', '4242-4242-4242-4242', '+44 (20) 7946 0958']) {
      expect(normaliseSearchTerm(personal), personal).toBeNull();
    }
    expect(normaliseSearchTerm('   ')).toBeNull();
    expect(normaliseSearchTerm('size 10 dress')).toBe('size 10 dress');
  });
});

describe('ActivityCounter', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await openTestDatabase();
  });
  afterAll(() => database.drop());

  it('adds to what is there on every flush, and keeps what a failed flush could not write', async () => {
    const db = database.handle.db;
    const counter = new ActivityCounter({ db, log: quiet });
    counter.count('product_view', 3);
    counter.count('checkout_started');
    counter.searchMissed('Zzqx');
    await counter.flush();
    expect(counter.pending).toBe(0);

    let failures = 1;
    const failingOnce = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop === 'execute' && failures > 0) {
          failures--;
          return () => Promise.reject(Object.assign(new Error('connection lost'), { code: '57P01' }));
        }
        return Reflect.get(target, prop, receiver);
      },
    }) as Queryable;
    const flaky = new ActivityCounter({ db: failingOnce, log: quiet });
    flaky.count('product_view', 2);
    flaky.searchMissed('zzqx');
    await expect(flaky.flush()).rejects.toThrow('connection lost');
    expect(flaky.pending).toBe(3);
    flaky.count('product_view');
    await flaky.flush();
    expect(flaky.pending).toBe(0);

    expect(await countsOf(db)).toEqual({ product_view: 6, checkout_started: 1 });
    expect(await missesOf(db)).toEqual({ zzqx: 2 });
  });

  it('writes, when asked while a flush under way fails, what that flush could not', async () => {
    const db = database.handle.db;
    let failures = 1;
    const failingOnce = new Proxy(db, {
      get(target, prop, receiver) {
        if (prop === 'execute' && failures > 0) {
          failures--;
          return () => Promise.reject(new Error('connection lost'));
        }
        return Reflect.get(target, prop, receiver);
      },
    }) as Queryable;
    const before = (await countsOf(db)).checkout_started ?? 0;
    const counter = new ActivityCounter({ db: failingOnce, log: quiet });
    counter.count('checkout_started', 5);
    // The timer's flush fails while the app's close asks for one: the close still writes the counts.
    const timers = counter.flush();
    const closing = counter.flush();
    await expect(timers).rejects.toThrow('connection lost');
    await closing;
    expect(counter.pending).toBe(0);
    expect((await countsOf(db)).checkout_started).toBe(before + 5);
  });

  it('counts a day under the UTC day it happened on', async () => {
    const db = database.handle.db;
    let now = new Date('2026-03-01T23:59:59.900Z');
    const counter = new ActivityCounter({ db, log: quiet, now: () => now });
    counter.count('add_to_cart');
    now = new Date('2026-03-02T00:00:00.100Z');
    counter.count('add_to_cart');
    counter.count('add_to_cart');
    await counter.flush();
    const result = await db.execute(
      sql`select to_char(day, 'YYYY-MM-DD') as day, count::int as n from activity_day_counts where kind = 'add_to_cart' order by day`,
    );
    expect((result as unknown as { rows: unknown[] }).rows).toEqual([
      { day: '2026-03-01', n: 1 },
      { day: '2026-03-02', n: 2 },
    ]);
  });

  it('holds a bounded number of distinct terms between flushes', async () => {
    const counter = new ActivityCounter({ db: database.handle.db, log: quiet });
    for (let i = 0; i < MAX_TERMS_PER_BATCH + 50; i++) counter.searchMissed(`term ${i} qq`);
    counter.searchMissed('term 1 qq');
    expect(counter.pending).toBe(MAX_TERMS_PER_BATCH + 1);
  });
});

/**
 * Several instances count into the same rows: each flush adds, so none overwrites another's. Only
 * PostgreSQL has instances (the embedded database is one process's).
 */
describe.runIf(process.env.TEST_DATABASE_URL)('two instances flushing into one PostgreSQL database', () => {
  let database: TestDatabase;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    database = await openTestDatabase();
    a = await createTestApp({ database });
    b = await createTestApp({ database });
  }, 60_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
  });

  it('loses no count when both flush at the same moment, over and over', async () => {
    const product = await createProduct(database.handle.db);
    // Each view from an address of its own: one address's repeats of a product count once.
    const view = (t: TestApp, remoteAddress: string) =>
      t.app.inject({ method: 'GET', url: apiPaths.product(product.id), remoteAddress });
    let made = 0;
    for (let round = 0; round < 20; round++) {
      const views = Array.from({ length: 10 }, (_, i) => view(i % 3 ? a : b, `10.0.${round}.${i + 1}`));
      await Promise.all(views);
      made += views.length;
      a.app.deps.insight.activity.searchMissed('zzqx shared');
      b.app.deps.insight.activity.searchMissed('zzqx shared');
      await Promise.all([a.app.deps.insight.activity.flush(), b.app.deps.insight.activity.flush()]);
    }
    expect(await countsOf(database.handle.db)).toEqual({ product_view: made });
    expect(await missesOf(database.handle.db)).toEqual({ 'zzqx shared': 40 });
  });

  it('writes what it counted when it closes', async () => {
    const other = await createTestApp({ database, env: { INSIGHT_FLUSH_INTERVAL_SECONDS: '3600' } });
    const before = (await countsOf(database.handle.db)).checkout_started ?? 0;
    other.app.deps.insight.activity.count('checkout_started', 7);
    await other.app.close();
    expect((await countsOf(database.handle.db)).checkout_started).toBe(before + 7);
  });
});

/**
 * A product page comes from the page cache, and its render asks the API for the product in process: a view
 * is counted where the page is served, once per address, whether it was rendered for it or not.
 */
describe('product pages rendered on the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-'));
    fs.writeFileSync(path.join(distDir, 'index.html'), fs.readFileSync(path.join(webDir, 'index.html'), 'utf8'));
    t = await createTestApp({
      env: { WEB_DIST_DIR: distDir, WEB_SERVER_ENTRY: path.join(webDir, 'src/entry-server.tsx') },
    });
  }, 60_000);
  afterAll(() => t?.close());

  it('counts a page served to a shopper once per address, cached or not, and no robot', async () => {
    const product = await createProduct(t.db, { name: 'Counted page dress' });
    const page = (remoteAddress: string, headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'GET',
        url: `/shop/${product.id}`,
        remoteAddress,
        headers: { accept: 'text/html', ...headers },
      });
    const rendered = await page('127.0.3.1');
    expect(rendered.statusCode).toBe(200);
    expect(rendered.body).toContain('Counted page dress');
    // The same address again is a repeat; another address, served from the page cache, is a view.
    for (let i = 0; i < 5; i++) expect((await page('127.0.3.1')).statusCode).toBe(200);
    expect((await page('127.0.3.2')).statusCode).toBe(200);
    expect((await page('127.0.3.3', { 'user-agent': 'Mozilla/5.0 (compatible; bingbot/2.0)' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/shop/6f1c1f7e-2b8a-4c1e-9a57-3c1d2e4f5a6b' })).statusCode).toBe(
      404,
    );
    await t.app.deps.insight.activity.flush();
    const result = await t.db.execute(
      sql`select count::int as n from activity_day_counts where kind = 'product_view' and day = ${isoDayOf(new Date())}::date`,
    );
    expect((result as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(2);
  });
});
