import { SIZE_RETURN_REASONS } from '@shop/contract/returns';
import { type SizeScale, sizesOf } from '@shop/contract/sizes';
import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { orderItems, orders, products, returnLines, reviews } from '../../db/schema';

/** Both drivers answer raw SQL with `{ rows }`; counts come back as text or numbers. */
const rowsOf = <Row>(result: unknown) => (result as { rows: Row[] }).rows;
type Figure = string | number;

export async function findProductScale(db: Queryable, productId: string): Promise<SizeScale | undefined> {
  const [row] = await db
    .select({ scale: products.sizeScale })
    .from(products)
    .where(eq(products.id, productId))
    .limit(1);
  return row?.scale;
}

/**
 * The product's fit answers: its reviews' answers, and its return lines for too small (runs small) or too
 * large (runs large) that the shop did not refuse. A return line is one customer's word, whatever its quantity.
 */
export async function fitAnswerCounts(db: Queryable, productId: string) {
  const result = await db.execute(sql`
    select fit::text as fit, count(*) as answers from ${reviews}
    where ${reviews.productId} = ${productId} and ${reviews.fit} is not null
    group by fit
    union all
    select case rl.reason when 'too_small' then 'runs_small' else 'runs_large' end, count(*)
    from ${returnLines} rl join ${orderItems} oi on oi.id = rl.order_item_id
    where oi.product_id = ${productId}
      and rl.reason in (${sql.join(
        SIZE_RETURN_REASONS.map((r) => sql`${r}`),
        sql`, `,
      )})
      and rl.status <> 'rejected'
    group by rl.reason`);
  const counts = { runs_small: 0, true_to_size: 0, runs_large: 0 };
  for (const row of rowsOf<{ fit: keyof typeof counts; answers: Figure }>(result)) {
    counts[row.fit] += Number(row.answers);
  }
  return counts;
}

/**
 * For each customer who kept a size of this product: their usual size (the size of the product's scale they
 * kept most units of across the shop's orders, the smaller on a tie) and the size of this product they kept
 * most units of (the smaller on a tie). Kept is ordered, in an order neither cancelled nor refunded, less
 * what came back (return lines the shop did not refuse).
 */
export async function usualAndKeptSizes(db: Queryable, productId: string, scale: SizeScale) {
  const sizes = sizesOf(scale);
  const scaleArray = sql`array[${sql.join(
    sizes.map((s) => sql`${s}::text`),
    sql`, `,
  )}]`;
  const result = await db.execute(sql`
    with buyers as (
      select distinct o.user_id from ${orderItems} oi join ${orders} o on o.id = oi.order_id
      where oi.product_id = ${productId} and o.user_id is not null
    ),
    kept as (
      select o.user_id, oi.product_id, oi.size,
        sum(oi.quantity - coalesce((
          select sum(rl.quantity) from ${returnLines} rl
          where rl.order_item_id = oi.id and rl.status <> 'rejected'
        ), 0)) as units
      from buyers b
      join ${orders} o on o.user_id = b.user_id
      join ${orderItems} oi on oi.order_id = o.id
      where o.status not in ('cancelled', 'refunded') and oi.size = any(${scaleArray})
      group by o.user_id, oi.product_id, oi.size
    ),
    usual as (
      select distinct on (user_id) user_id, size from (
        select user_id, size, sum(units) as units from kept group by user_id, size
      ) s
      where units > 0
      order by user_id, units desc, array_position(${scaleArray}, size)
    ),
    kept_here as (
      select distinct on (user_id) user_id, size from kept
      where product_id = ${productId} and units > 0
      order by user_id, units desc, array_position(${scaleArray}, size)
    )
    select u.size as usual, k.size as kept, count(*) as customers
    from usual u join kept_here k on k.user_id = u.user_id
    group by u.size, k.size`);
  return rowsOf<{ usual: string; kept: string; customers: Figure }>(result).map((r) => ({
    usualSize: r.usual,
    keptSize: r.kept,
    customers: Number(r.customers),
  }));
}
