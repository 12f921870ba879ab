import type { ActivityKind, InsightRange } from '@shop/contract/insight';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import {
  activityDayCounts,
  categoryDayTotals,
  orderDayTotals,
  orderItems,
  orders,
  productDayTotals,
  products,
  searchMissDayCounts,
} from '../../db/schema';

/** Both drivers answer raw SQL with `{ rows }`; sums of bigints come back as text or numbers. */
const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;
type Figure = string | number;

/**
 * Orders and charged cents of every day of the range, and the cents refunded that day (days without
 * either as 0), oldest first.
 */
export async function dayTotals(db: Queryable, range: InsightRange) {
  const result = await db.execute(sql`
    select to_char(d.day, 'YYYY-MM-DD') as date, coalesce(t.orders, 0) as orders,
      coalesce(t.amount, 0) as amount, coalesce(t.refunded, 0) as refunded
    from generate_series(${range.from}::date, ${range.to}::date, interval '1 day') as d(day)
    left join (
      select day, sum(orders) as orders, sum(amount_cents) as amount, sum(refunded_cents) as refunded
      from ${orderDayTotals} where day between ${range.from}::date and ${range.to}::date
      group by day
    ) t on t.day = d.day::date
    order by d.day`);
  return rowsOf<{ date: string; orders: Figure; amount: Figure; refunded: Figure }>(result).map((r) => ({
    date: r.date,
    orders: Number(r.orders),
    amountCents: Number(r.amount),
    refundedCents: Number(r.refunded),
  }));
}

/** Units and item revenue of each category that sold in the range. */
export async function categorySales(db: Queryable, range: InsightRange) {
  const result = await db.execute(sql`
    select category::text as category, sum(units) as units, sum(revenue_cents) as revenue
    from ${categoryDayTotals}
    where day between ${range.from}::date and ${range.to}::date
    group by category`);
  return rowsOf<{ category: string; units: Figure; revenue: Figure }>(result).map((r) => ({
    category: r.category,
    units: Number(r.units),
    revenueCents: Number(r.revenue),
  }));
}

export interface SoldProductRow {
  productId: string;
  /** Null when the product has been deleted since (its name as sold is read apart: `soldAs`). */
  name: string | null;
  image: string | null;
  category: string | null;
  units: number;
  revenueCents: number;
}

const byRevenue = (a: SoldProductRow, b: SoldProductRow) =>
  b.revenueCents - a.revenueCents || b.units - a.units || (a.productId < b.productId ? -1 : 1);
const byUnits = (a: SoldProductRow, b: SoldProductRow) =>
  b.units - a.units || b.revenueCents - a.revenueCents || (a.productId < b.productId ? -1 : 1);

/**
 * Where the product ids are split for `topProducts`: ids are random (version 4), so each part holds about
 * as many products as the other.
 */
const PRODUCT_ID_PARTS = ['00000000-0000-0000-0000-000000000000', '80000000-0000-0000-0000-000000000000'];

/**
 * The `top` products of the range by item revenue and by units, from the per-day product totals. Ties go
 * to the other figure, then to the product id, so the lists are the same on every call. A product's name,
 * picture and category are today's.
 *
 * A year of a large catalogue sums some 130,000 rows into 70,000 products, most of the insight's time. So
 * the products are split by id into parts summed side by side on their own connections (each product is
 * wholly in one part, so the top of all is among the parts' tops), rather than one process doing all.
 */
export async function topProducts(db: Queryable, range: InsightRange, top: number) {
  const parts = await Promise.all(
    PRODUCT_ID_PARTS.map((from, i) => topProductsOfPart(db, range, top, { from, below: PRODUCT_ID_PARTS[i + 1] })),
  );
  return {
    byRevenue: parts
      .flatMap((p) => p.byRevenue)
      .sort(byRevenue)
      .slice(0, top),
    byUnits: parts
      .flatMap((p) => p.byUnits)
      .sort(byUnits)
      .slice(0, top),
  };
}

/**
 * The top products among those whose id is in the part: the range's rows are summed per product once,
 * and both lists are taken from that. The plan is set here rather than left to estimates that undercount
 * products:
 * - summed in product order from the index that holds the figures (product_day_totals_product_idx), one
 *   product at a time, instead of in a hash table of every product sold: about half the time (100 ms
 *   against 58 for a year of 100k orders), as the hash table outgrows the CPU's caches and spills to disk;
 * - the per-product sums read twice are kept in memory (16 MB; all products' took 7 of the default 4);
 * - no JIT: the estimate passes its threshold, and compiling costs more than the query (230 ms against 30).
 */
async function topProductsOfPart(
  db: Queryable,
  range: InsightRange,
  top: number,
  part: { from: string; below: string | undefined },
) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('jit', 'off', true), set_config('enable_hashagg', 'off', true),
      set_config('work_mem', '16MB', true)`);
    const result = await tx.execute(sql`
      with sold as materialized (
        select product_id, sum(units) as units, sum(revenue_cents) as revenue
        from ${productDayTotals}
        where day between ${range.from}::date and ${range.to}::date
          and product_id >= ${part.from}::uuid ${part.below ? sql`and product_id < ${part.below}::uuid` : sql``}
        group by product_id
        having sum(units) > 0
      ), by_revenue as (
        select product_id, 'revenue' as list from sold order by revenue desc, units desc, product_id limit ${top}
      ), by_units as (
        select product_id, 'units' as list from sold order by units desc, revenue desc, product_id limit ${top}
      )
      select t.list, s.product_id, s.units, s.revenue, p.name, p.image, p.category::text as category
      from (select * from by_revenue union all select * from by_units) t
      join sold s using (product_id)
      left join ${products} p on p.id = s.product_id`);
    const rows = rowsOf<{
      list: 'revenue' | 'units';
      product_id: string;
      units: Figure;
      revenue: Figure;
      name: string | null;
      image: string | null;
      category: string | null;
    }>(result).map((r) => ({
      list: r.list,
      row: {
        productId: r.product_id,
        name: r.name,
        image: r.image,
        category: r.category,
        units: Number(r.units),
        revenueCents: Number(r.revenue),
      } satisfies SoldProductRow,
    }));
    return {
      byRevenue: rows.filter((r) => r.list === 'revenue').map((r) => r.row),
      byUnits: rows.filter((r) => r.list === 'units').map((r) => r.row),
    };
  });
}

/** The names and categories deleted products were sold under in the range (a few at most: the top lists'). */
export async function soldAs(db: Queryable, range: InsightRange, productIds: readonly string[]) {
  if (productIds.length === 0) return new Map<string, { name: string; category: string | null }>();
  const result = await db.execute(sql`
    select distinct on (product_id) product_id, name, category::text as category
    from ${productDayTotals}
    where day between ${range.from}::date and ${range.to}::date
      and product_id in (select unnest(${`{${productIds.join(',')}}`}::uuid[]))
    order by product_id, day desc`);
  const rows = rowsOf<{ product_id: string; name: string; category: string | null }>(result);
  return new Map(rows.map((r) => [r.product_id, { name: r.name, category: r.category }]));
}

/** The counted requests of each kind in the range. */
export async function activityTotals(db: Queryable, range: InsightRange): Promise<Map<ActivityKind, number>> {
  const result = await db.execute(sql`
    select kind::text as kind, sum(count) as count from ${activityDayCounts}
    where day between ${range.from}::date and ${range.to}::date
    group by kind`);
  return new Map(rowsOf<{ kind: ActivityKind; count: Figure }>(result).map((r) => [r.kind, Number(r.count)]));
}

/** The `limit` terms searched most often without a result in the range, most first. */
export async function failedSearches(db: Queryable, range: InsightRange, limit: number) {
  const result = await db.execute(sql`
    select term, sum(count) as count from ${searchMissDayCounts}
    where day between ${range.from}::date and ${range.to}::date
    group by term order by sum(count) desc, term limit ${limit}`);
  return rowsOf<{ term: string; count: Figure }>(result).map((r) => ({ term: r.term, count: Number(r.count) }));
}

export interface DayCount<Key extends string> {
  day: string;
  key: Key;
  count: number;
}

/**
 * Adds counts to the day's rows: increments, so several instances flushing at once all count, and in
 * key order, so two flushes lock the rows they share in the same order and never wait on each other in a cycle.
 */
export async function addActivityCounts(db: Queryable, counts: readonly DayCount<ActivityKind>[]): Promise<void> {
  if (counts.length === 0) return;
  await db.execute(sql`
    insert into ${activityDayCounts} as t (day, kind, count)
    select r.day, r.key::activity_kind, r.count
    from json_to_recordset(${JSON.stringify(counts)}::json) as r(day date, key text, count bigint)
    order by r.day, r.key
    on conflict (day, kind) do update set count = t.count + excluded.count`);
}

export async function addSearchMisses(db: Queryable, counts: readonly DayCount<string>[]): Promise<void> {
  if (counts.length === 0) return;
  await db.execute(sql`
    insert into ${searchMissDayCounts} as t (day, term, count)
    select r.day, r.key, r.count
    from json_to_recordset(${JSON.stringify(counts)}::json) as r(day date, key text, count bigint)
    order by r.day, r.key
    on conflict (day, term) do update set count = t.count + excluded.count`);
}

export async function productExists(db: Queryable, id: string): Promise<boolean> {
  const result = await db.execute(sql`select 1 as found from ${products} where id = ${id}::uuid`);
  return rowsOf(result).length > 0;
}

export interface ExportedOrder {
  id: string;
  orderId: string;
  createdAt: string;
  email: string;
  status: string;
  items: number;
  subtotalCents: number;
  discountCode: string | null;
  discountCents: number;
  taxCents: number;
  shippingCents: number;
  amountCents: number;
  refundedCents: number;
  /** The order's created_at to the microsecond, where the next page starts. */
  cursor: ExportCursor;
}

/** Where a page of the export ends: the next page starts after this order. */
export interface ExportCursor {
  createdAt: string;
  id: string;
}

/**
 * A page of the range's orders for the export, newest first, by keyset (the orders' created_at index, read
 * in its own order): each page costs the same however far into the range it is.
 */
export async function ordersPage(db: Queryable, range: InsightRange, after: ExportCursor | null, limit: number) {
  const result = await db.execute(sql`
    select o.id, o.order_id, to_char(o.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
      o.email, o.status::text as status, o.subtotal_cents, o.discount_code, o.discount_cents, o.tax_cents,
      o.shipping_cents, o.amount_cents, o.refunded_cents, o.created_at::text as cursor_at,
      (select coalesce(sum(i.quantity), 0) from ${orderItems} i where i.order_id = o.id) as items
    from ${orders} o
    where o.created_at >= ${range.from}::date at time zone 'UTC'
      and o.created_at < (${range.to}::date + 1) at time zone 'UTC'
      ${after ? sql`and (o.created_at, o.id) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : sql``}
    order by o.created_at desc, o.id desc
    limit ${limit}`);
  return rowsOf<Record<string, unknown>>(result).map(
    (r): ExportedOrder => ({
      id: String(r.id),
      orderId: String(r.order_id),
      createdAt: String(r.created_at),
      email: String(r.email),
      status: String(r.status),
      items: Number(r.items),
      subtotalCents: Number(r.subtotal_cents),
      discountCode: r.discount_code === null ? null : String(r.discount_code),
      discountCents: Number(r.discount_cents),
      taxCents: Number(r.tax_cents),
      shippingCents: Number(r.shipping_cents),
      amountCents: Number(r.amount_cents),
      refundedCents: Number(r.refunded_cents),
      cursor: { createdAt: String(r.cursor_at), id: String(r.id) },
    }),
  );
}
