import { eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { orderItems, orders, refunds } from '../../db/schema';
import type { OrderLineFields, OrderRefundFields, OrderRow } from './order-rows';

// An order with its lines (and refunds) read in the order's own row, as JSON beside it.

// Written with their own aliases: drizzle leaves columns unqualified in a query of one table, and an
// unqualified "id" in these subqueries would be the line's or the refund's, not the order's.

/** The lines of the order in the same row (`orders` in the query), in cart order, as JSON. */
export const linesOfOrderJson = sql<OrderLineFields[]>`coalesce((
  select json_agg(json_build_object(
    'id', oi.id, 'productId', oi.product_id, 'name', oi.name, 'image', oi.image,
    'unitPriceCents', oi.unit_price_cents, 'quantity', oi.quantity, 'size', oi.size, 'colour', oi.colour,
    'sku', oi.sku
  ) order by oi.position)
  from ${orderItems} oi where oi.order_id = ${orders}.id), '[]'::json)`;

/** The refunds of the order in the same row, oldest first, as JSON (their times as text). */
export const refundsOfOrderJson = sql<(Omit<OrderRefundFields, 'createdAt'> & { createdAt: string })[]>`coalesce((
  select json_agg(json_build_object(
    'id', r.id, 'kind', r.kind, 'status', r.status, 'amountCents', r.amount_cents, 'reason', r.reason,
    'createdAt', r.created_at
  ) order by r.created_at)
  from ${refunds} r where r.order_id = ${orders}.id), '[]'::json)`;

/** An order with its lines in one round trip (what its confirmation mail shows). */
export async function findOrderWithLines(
  db: Queryable,
  id: string,
): Promise<{ order: OrderRow; lines: OrderLineFields[] } | undefined> {
  const [row] = await db.select({ order: orders, lines: linesOfOrderJson }).from(orders).where(eq(orders.id, id));
  return row;
}

/** Orders with their lines in one round trip, by id (what a batch of confirmation mails shows). */
export async function findOrdersWithLines(
  db: Queryable,
  ids: readonly string[],
): Promise<Map<string, { order: OrderRow; lines: OrderLineFields[] }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ order: orders, lines: linesOfOrderJson })
    .from(orders)
    .where(inArray(orders.id, [...ids]));
  return new Map(rows.map((row) => [row.order.id, row]));
}
