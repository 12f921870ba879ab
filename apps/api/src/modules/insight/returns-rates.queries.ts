import type { InsightRange } from '@shop/contract/insight';
import { SIZE_RETURN_REASONS } from '@shop/contract/returns';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { orderItems, orders, products, returnLines } from '../../db/schema';

/** Both drivers answer raw SQL with `{ rows }`; sums of bigints come back as text or numbers. */
const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;
type Figure = string | number;

const sizeReasons = sql.join(
  SIZE_RETURN_REASONS.map((r) => sql`${r}`),
  sql`, `,
);

/**
 * The order lines sold in the range (orders made in it, cancelled ones left out) and, for each, the units
 * sent back whenever they were, the shop's refusals left out: `sold` and `back` for the statement `then`.
 */
function soldAndBack(range: InsightRange, then: SQL): SQL {
  return sql`
    with sold as (
      select oi.id, oi.product_id, oi.name, oi.size, oi.quantity
      from ${orders} o join ${orderItems} oi on oi.order_id = o.id
      where o.created_at >= ${range.from}::date at time zone 'UTC'
        and o.created_at < (${range.to}::date + 1) at time zone 'UTC'
        and o.status <> 'cancelled'
    ),
    back as (
      select rl.order_item_id, rl.reason::text as reason, sum(rl.quantity) as units
      from ${returnLines} rl join sold s on s.id = rl.order_item_id
      where rl.status <> 'rejected'
      group by rl.order_item_id, rl.reason
    ),
    line as (
      select s.*, coalesce(sum(b.units), 0) as returned,
        coalesce(sum(b.units) filter (where b.reason in (${sizeReasons})), 0) as size_returned
      from sold s left join back b on b.order_item_id = s.id
      group by s.id, s.product_id, s.name, s.size, s.quantity
    )
    ${then}`;
}

/** The range's units sold, returned, and returned for size. */
export async function returnTotals(db: Queryable, range: InsightRange) {
  const result = await db.execute(
    soldAndBack(
      range,
      sql`select coalesce(sum(quantity), 0) as sold, coalesce(sum(returned), 0) as returned,
        coalesce(sum(size_returned), 0) as size_returned from line`,
    ),
  );
  const [row] = rowsOf<{ sold: Figure; returned: Figure; size_returned: Figure }>(result);
  return {
    sold: Number(row?.sold ?? 0),
    returned: Number(row?.returned ?? 0),
    sizeReturned: Number(row?.size_returned ?? 0),
  };
}

/** Units returned of the range's sales, by reason given. */
export async function returnsByReason(db: Queryable, range: InsightRange) {
  const result = await db.execute(
    soldAndBack(range, sql`select reason, sum(units) as units from back group by reason`),
  );
  return new Map(rowsOf<{ reason: string; units: Figure }>(result).map((r) => [r.reason, Number(r.units)]));
}

/** Units sold and returned of each size sold in the range. */
export async function returnsBySize(db: Queryable, range: InsightRange) {
  const result = await db.execute(
    soldAndBack(
      range,
      sql`select size, sum(quantity) as sold, sum(returned) as returned from line where size is not null group by size`,
    ),
  );
  return rowsOf<{ size: string; sold: Figure; returned: Figure }>(result).map((r) => ({
    size: r.size,
    sold: Number(r.sold),
    returned: Number(r.returned),
  }));
}

export interface ProductReturnsRow {
  productId: string;
  name: string;
  sold: number;
  returned: number;
  sizeReturned: number;
}

/**
 * Products of the range by return rate, at most `limit`: the most returned for their sales (`by: 'all'`), or
 * those sent back for size at `minRate` of their sales or more on at least `minSold` units (`by: 'size'`).
 * A deleted product is named as it was sold.
 */
export async function productReturns(
  db: Queryable,
  range: InsightRange,
  choice: { by: 'all' | 'size'; limit: number; minSold?: number; minRate?: number },
): Promise<ProductReturnsRow[]> {
  const counted = choice.by === 'all' ? sql`returned` : sql`size_returned`;
  const result = await db.execute(
    soldAndBack(
      range,
      sql`, per_product as (
        select product_id, max(name) as name, sum(quantity) as sold, sum(returned) as returned,
          sum(size_returned) as size_returned
        from line where product_id is not null group by product_id
      )
      select pp.product_id, coalesce(p.name, pp.name) as name, pp.sold, pp.returned, pp.size_returned
      from per_product pp left join ${products} p on p.id = pp.product_id
      where pp.${counted} > 0 and pp.sold >= ${choice.minSold ?? 1}
        and pp.${counted}::float8 / pp.sold >= ${choice.minRate ?? 0}
      order by pp.${counted}::float8 / pp.sold desc, pp.${counted} desc, pp.product_id
      limit ${choice.limit}`,
    ),
  );
  return rowsOf<{ product_id: string; name: string; sold: Figure; returned: Figure; size_returned: Figure }>(
    result,
  ).map((r) => ({
    productId: r.product_id,
    name: r.name,
    sold: Number(r.sold),
    returned: Number(r.returned),
    sizeReturned: Number(r.size_returned),
  }));
}
