import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, plannedOnce, type Queryable } from '../../db/client';
import { createProduct } from '../../test/factories';
import { openTestDatabase, type TestDatabase } from '../../test/test-app';
import { findProductDetailJson, listProductsJson } from './products.queries';

/** The plan setting and the prepared statements of the one connection of a pool of one. */
async function connectionOf(db: Queryable) {
  const [setting] = (
    (await db.execute(
      sql`select current_setting('plan_cache_mode') as mode, current_setting('enable_bitmapscan') as bitmaps`,
    )) as unknown as { rows: { mode: string; bitmaps: string }[] }
  ).rows;
  const statements = (
    (await db.execute(
      sql`select name, generic_plans::int as generic, custom_plans::int as custom from pg_prepared_statements`,
    )) as unknown as { rows: { name: string; generic: number; custom: number }[] }
  ).rows;
  return {
    mode: setting?.mode,
    bitmaps: setting?.bitmaps,
    statements: new Map(statements.map((s) => [s.name, s])),
  };
}

describe.runIf(process.env.TEST_DATABASE_URL)('the catalogue reads planned once, on PostgreSQL', () => {
  let database: TestDatabase;
  /** One connection in each pool, so what a pool's connection prepared can be read back on it. */
  let handle: DatabaseHandle;
  let productId: string;

  beforeAll(async () => {
    database = await openTestDatabase();
    handle = await openDatabase({ url: database.url, poolSize: 1, plannedOncePoolSize: 1 });
    for (let i = 0; i < 3; i++) productId = (await createProduct(handle.db, { category: 'dress', color: 'red' })).id;
  });
  afterAll(async () => {
    await handle?.close();
    await database?.drop();
  });

  it('plans a list page of categories and colours and a product page once, and other filters on every call', async () => {
    const { db } = handle;
    for (const offset of [0, 12, 24, 36, 48, 60, 72]) {
      await listProductsJson(db, { category: 'dress', color: 'red' }, { sort: 'newest', limit: 12, offset });
      await findProductDetailJson(db, productId, 10, 'A former customer');
      await listProductsJson(db, { minPriceCents: 1000 }, { sort: 'newest', limit: 12, offset });
    }
    expect(
      JSON.parse(
        await listProductsJson(db, { category: 'dress', color: 'red' }, { sort: 'newest', limit: 2, offset: 1 }),
      ),
    ).toHaveLength(2);

    const once = await connectionOf(plannedOnce(db));
    expect(once.mode).toBe('force_generic_plan');
    // A product's few sizes are read by index; a search's word index is read only as a bitmap.
    expect(once.bitmaps).toBe('off');
    expect(once.statements.get('product_list_newest_110000')).toMatchObject({ custom: 0, generic: 8 });
    expect(once.statements.get('product_detail_json')).toMatchObject({ custom: 0, generic: 7 });
    expect(
      [...once.statements.keys()].filter((name) => name.startsWith('product_list_') && !/_[01]{2}0000$/.test(name)),
    ).toEqual([]);

    // Other filters choose their index by their values: planned for each call on the pool that does.
    const everyCall = await connectionOf(db);
    expect(everyCall.mode).toBe('auto');
    expect(everyCall.bitmaps).toBe('on');
    expect(everyCall.statements.get('product_list_newest_000010')?.custom).toBeGreaterThanOrEqual(5);
    expect(everyCall.statements.has('product_list_newest_110000')).toBe(false);
  });

  it('sends everything to the database itself when it has no such pool', async () => {
    const plain = await openDatabase({ url: database.url, poolSize: 1, plannedOncePoolSize: 0 });
    try {
      expect(plannedOnce(plain.db)).toBe(plain.db);
    } finally {
      await plain.close();
    }
  });
});
