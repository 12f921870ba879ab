import { CATEGORIES, COLORS } from '@shop/contract/constants';
import { ALL_SIZES } from '@shop/contract/inventory';
import { getTableName, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { productColours, products, productVariants } from '../../db/schema';
import { orderBySort } from './product-list.queries';

// What the catalogue index is made of: each product's facets and its place in each sort, read in one go.

/** An array of the shop's own words as the database takes it: each quoted, for sizes such as "One size". */
const textArray = (values: readonly string[]) => sql`${`{${values.map((v) => `"${v}"`).join(',')}}`}::text[]`;

/** A size of a colour as one number: the colour's place in COLORS times the sizes, plus the size's place. */
export const sizeOfColourSlot = (colour: number, size: number) => colour * ALL_SIZES.length + size;

/** The place of each size of the product's colours (sizeOfColourSlot), and of those that can still be bought. */
export interface StockRow {
  id: string;
  sizes: number[] | null;
  inStock: number[] | null;
}

/** A product as the index keeps it: its facets, and its place (from 1) in each sort's order. */
export interface IndexRow extends StockRow {
  category: number;
  priceCents: number;
  colours: number[] | null;
  newest: number;
  cheapest: number;
  bestRated: number;
}

/** The product's sizes as slots, and those that can still be bought: joined laterally, so read by its key. */
const sizesOfProduct = sql`lateral (select array_agg(slot order by slot) as sizes,
    array_agg(slot order by slot) filter (where can_be_bought) as in_stock
  from (select (array_position(${textArray(COLORS)}, ${productVariants.color}::text) - 1)
        * ${sql.raw(String(ALL_SIZES.length))} + array_position(${textArray(ALL_SIZES)}, ${productVariants.size}) - 1
        as slot,
      ${productVariants.onHand} > ${productVariants.reserved} as can_be_bought
    from ${productVariants} where ${productVariants.productId} = ${products.id}) as sized
  where slot is not null)`;

const rankBy = (order: SQL[]) => sql`(row_number() over (order by ${sql.join(order, sql`, `)}))::int`;

/**
 * Every product as the index keeps it. Its three orders are sorted in memory rather than on disk, and
 * it is not compiled: compiling took longer than running it.
 */
export async function readIndexRows(db: Queryable): Promise<IndexRow[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local jit = off`);
    await tx.execute(sql`set local work_mem = '64MB'`);
    await tx.execute(sql`set local max_parallel_workers_per_gather = 0`);
    return everyIndexRow(tx);
  });
}

async function everyIndexRow(db: Queryable): Promise<IndexRow[]> {
  const result = await db.execute(sql`
    select ${products.id} as id,
      array_position(${textArray(CATEGORIES)}, ${products.category}::text) - 1 as category,
      ${products.priceCents} as "priceCents",
      (select array_agg(array_position(${textArray(COLORS)}, c::text) - 1) from unnest(${products.colors}) as c)
        as colours,
      ${rankBy(orderBySort.newest)} as newest,
      ${rankBy(orderBySort.price_asc)} as cheapest,
      ${rankBy(orderBySort.rating)} as "bestRated",
      s.sizes, s.in_stock as "inStock"
    from ${products} left join ${sizesOfProduct} as s on true`);
  // Both drivers answer `execute` with the rows under `rows`.
  return (result as unknown as { rows: IndexRow[] }).rows;
}

/** The sizes of these products now, for a stock move. */
export async function readStockRows(db: Queryable, ids: readonly string[]): Promise<StockRow[]> {
  const result = await db.execute(sql`
    select ${products.id} as id, s.sizes, s.in_stock as "inStock"
    from ${products} left join ${sizesOfProduct} as s on true
    where ${products.id} = any(${`{${ids.join(',')}}`}::uuid[])`);
  return (result as unknown as { rows: StockRow[] }).rows;
}

/**
 * Rows written to the catalogue's tables since the database's statistics began, by anyone, heard of or
 * not: the same count twice means nothing was written in between. Undefined when the database keeps no
 * such count. The embedded database counts its own writes only once asked to report them.
 */
export async function catalogueWrites(db: Queryable): Promise<number | undefined> {
  const tables = [products, productColours, productVariants].map((table) => getTableName(table));
  await db.execute(sql`select pg_stat_force_next_flush()`);
  const result = await db.execute(sql`
    select sum(n_tup_ins + n_tup_upd + n_tup_del)::float8 as writes from pg_stat_user_tables
    where relname = any(${`{${tables.join(',')}}`}::text[])`);
  const writes = (result as unknown as { rows: { writes: number | null }[] }).rows[0]?.writes;
  return writes ? writes : undefined;
}
