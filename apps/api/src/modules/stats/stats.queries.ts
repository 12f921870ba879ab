import { eq, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { orderItems, orderMonthTotals, orders, reviews, tableCounts, users } from '../../db/schema';

/** Counts and sums come back from PostgreSQL as bigint text; every figure here fits a JS number. */
const num = (expr: SQL) => expr.mapWith(Number);

/** Each statistic is a scalar subquery, so a whole card set is one round trip. */
const noTable = sql`(values (1)) as one(x)`;

/**
 * The user with their totals, found by id or by e-mail. Orders belong to an e-mail, compared
 * without case as the orders module does, so Total Payments is the sum of the payments page.
 * Drizzle leaves the select's own columns unqualified, so the subqueries name `users` explicitly:
 * a bare "email" inside them would mean the order's e-mail.
 */
export async function findUserWithTotals(db: Queryable, by: { id: string } | { email: string }) {
  const where = 'id' in by ? eq(users.id, by.id) : sql`lower(${users.email}) = lower(${by.email})`;
  const [row] = await db
    .select({
      id: users.id,
      paymentsCents: num(
        sql`(select coalesce(sum(o.amount_cents - o.refunded_cents), 0) from ${orders} o where o.user_id = ${users}.id)`,
      ),
      reviews: num(sql`(select count(*) from ${reviews} r where r.user_id = ${users}.id)`),
      purchasedProducts: num(
        sql`(select coalesce(sum(i.quantity), 0) from ${orderItems} i
              join ${orders} o on o.id = i.order_id where o.user_id = ${users}.id)`,
      ),
    })
    .from(users)
    .where(where)
    .limit(1);
  return row;
}

/** Kept by triggers (migration 0003): a handful of rows, however many orders, products and reviews there are. */
const counted = (table: 'products' | 'reviews' | 'users') =>
  num(
    sql`(select coalesce(max(${tableCounts.total}), 0) from ${tableCounts} where ${tableCounts.tableName} = ${table})`,
  );

function shopTotalsQuery(db: Queryable) {
  return db
    .select({
      orders: num(sql`(select coalesce(sum(${orderMonthTotals.orders}), 0) from ${orderMonthTotals})`),
      products: counted('products'),
      reviews: counted('reviews'),
      users: counted('users'),
      earningsCents: num(sql`(select coalesce(sum(${orderMonthTotals.amountCents}), 0) from ${orderMonthTotals})`),
      monthlyCents: sql<number[]>`(
        select json_agg(coalesce(t.amount_cents, 0) order by m.month)
        from generate_series(1, 12) as m(month)
        left join (
          select ${orderMonthTotals.month} as month, sum(${orderMonthTotals.amountCents}) as amount_cents
          from ${orderMonthTotals} group by 1
        ) t on t.month = make_date(${sql.placeholder('year')}::int, m.month, 1)
      )`,
    })
    .from(noTable)
    .prepare('shop_totals');
}

/** Planning this statement costs PostgreSQL more than running it, and the admin dashboard asks often. */
const preparedTotals = preparedPerDatabase(shopTotalsQuery);

/** Shop totals and the earnings of each UTC month 1..12 of `year` (empty months as 0), in one round trip. */
export async function shopTotals(db: Queryable, year: number) {
  const [row] = await preparedTotals(db).execute({ year });
  if (!row) throw new Error('totals query returned no row');
  return { ...row, monthlyCents: row.monthlyCents.map(Number) };
}
