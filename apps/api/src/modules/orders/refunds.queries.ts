import { and, asc, eq, lt, notInArray, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { orders, refunds, returnLines } from '../../db/schema';
import type { OrderRefundRow, OrderRow } from './order-rows';

export type NewRefund = typeof refunds.$inferInsert;

/**
 * Counts `amountCents` more as refunded if that much is left, in one conditional statement: of two
 * refunds racing for the same rest, the second waits for the first's row lock and then finds the
 * condition false. Answers the order as it is now, or nothing when that much was not left.
 */
export async function raiseRefundedBy(
  db: Queryable,
  orderId: string,
  amountCents: number,
  now: Date,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({ refundedCents: sql`${orders.refundedCents} + ${amountCents}`, updatedAt: now })
    .where(and(eq(orders.id, orderId), sql`${orders.refundedCents} + ${amountCents} <= ${orders.amountCents}`))
    .returning();
  return row;
}

/**
 * Counts as refunded all that is left (`upToCents` null: a cancellation) or at most `upToCents` of it (a
 * refund made at the provider, never counted past the amount), in one statement that locks the order's
 * row before reading what is left. Answers how much was added, or nothing when nothing was left.
 */
export async function raiseRefundedToRest(
  db: Queryable,
  orderId: string,
  upToCents: number | null,
  now: Date,
): Promise<number | undefined> {
  const result = await db.execute(sql`
    update ${orders} o set refunded_cents = o.refunded_cents + b.delta, updated_at = ${now.toISOString()}::timestamptz
    from (
      select id, least(${upToCents}::int, amount_cents - refunded_cents) as delta
      from ${orders} where id = ${orderId}::uuid for update
    ) b
    where o.id = b.id and b.delta > 0
    returning b.delta`);
  return (result as unknown as { rows: { delta: number }[] }).rows[0]?.delta;
}

/** Gives a failed refund's amount back to what is left. */
export async function lowerRefunded(db: Queryable, orderId: string, amountCents: number, now: Date): Promise<void> {
  await db
    .update(orders)
    .set({ refundedCents: sql`${orders.refundedCents} - ${amountCents}`, updatedAt: now })
    .where(eq(orders.id, orderId));
}

export async function insertRefund(db: Queryable, values: NewRefund): Promise<OrderRefundRow | undefined> {
  const [row] = await db
    .insert(refunds)
    .values(values)
    .onConflictDoNothing({ target: refunds.providerRefundId })
    .returning();
  return row;
}

export async function findRefund(db: Queryable, id: string): Promise<OrderRefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
  return row;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The shop's record of a provider's refund: by the provider's id, or the shop's own id it was given. */
export async function findRefundOfProvider(
  db: Queryable,
  providerRefundId: string,
  shopRefundId: string | null,
): Promise<OrderRefundRow | undefined> {
  const byShopId = shopRefundId && UUID.test(shopRefundId) ? eq(refunds.id, shopRefundId) : undefined;
  const [row] = await db
    .select()
    .from(refunds)
    .where(or(eq(refunds.providerRefundId, providerRefundId), byShopId));
  return row;
}

/** Pending to succeeded, once: a retry, a webhook and the request itself may race to settle it. */
export async function markRefundSucceeded(
  db: Queryable,
  id: string,
  providerRefundId: string,
  now: Date,
): Promise<OrderRefundRow | undefined> {
  const [row] = await db
    .update(refunds)
    .set({ status: 'succeeded', providerRefundId, settledAt: now })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')))
    .returning();
  return row;
}

export async function markRefundFailed(db: Queryable, id: string, now: Date): Promise<OrderRefundRow | undefined> {
  const [row] = await db
    .update(refunds)
    .set({ status: 'failed', settledAt: now })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')))
    .returning();
  return row;
}

/** The returned line a refund gives back for, if it is a return's: its mail is the return's own. */
export async function returnLineOfRefund(db: Queryable, refundId: string): Promise<string | undefined> {
  const [row] = await db.select({ id: returnLines.id }).from(returnLines).where(eq(returnLines.refundId, refundId));
  return row?.id;
}

/** Pieces of each line already going back to stock with the order's refunds (pending or made). */
export async function restockedQuantities(db: Queryable, orderId: string): Promise<Map<string, number>> {
  const result = await db.execute(sql`
    select line->>'itemId' as "itemId", sum((line->>'quantity')::int)::int as quantity
    from ${refunds}, jsonb_array_elements(${refunds.restock}) as line
    where ${refunds.orderId} = ${orderId}::uuid and ${refunds.status} <> 'failed'
    group by 1`);
  const rows = (result as unknown as { rows: { itemId: string; quantity: number }[] }).rows;
  return new Map(rows.map((r) => [r.itemId, r.quantity]));
}

/**
 * The status a settled refund leaves: cancelled by a cancellation, refunded once nothing is left. A closed
 * order stays as it is.
 */
export async function closeOrderAfterRefund(
  db: Queryable,
  orderId: string,
  kind: OrderRefundRow['kind'],
  now: Date,
): Promise<void> {
  await db
    .update(orders)
    .set({ status: kind === 'cancellation' ? 'cancelled' : 'refunded', updatedAt: now })
    .where(
      and(
        eq(orders.id, orderId),
        notInArray(orders.status, ['cancelled', 'refunded']),
        kind === 'cancellation' ? undefined : sql`${orders.refundedCents} = ${orders.amountCents}`,
      ),
    );
}

/** Refunds still pending since before `before`, with the payment they give back from; oldest first. */
export function pendingRefunds(db: Queryable, before: Date, limit: number) {
  return db
    .select({ refund: refunds, paymentId: orders.orderId })
    .from(refunds)
    .innerJoin(orders, eq(orders.id, refunds.orderId))
    .where(and(eq(refunds.status, 'pending'), lt(refunds.createdAt, before)))
    .orderBy(asc(refunds.createdAt))
    .limit(limit);
}

export async function findOrderByPayment(db: Queryable, paymentId: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.orderId, paymentId));
  return row;
}
