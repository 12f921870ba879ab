import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { orderItems, orders, returnLines, returns } from '../../db/schema';

// The SQL of the owner's decisions on returned lines: claimed once, and the return done when none is left.

export type DecisionReturnRow = Pick<typeof returns.$inferSelect, 'id' | 'number' | 'orderId' | 'status'>;

const returnColumns = { id: returns.id, number: returns.number, orderId: returns.orderId, status: returns.status };

/** The return, read without a lock: what it belongs to never changes. */
export async function findDecisionReturn(db: Queryable, id: string): Promise<DecisionReturnRow | undefined> {
  const [row] = await db.select(returnColumns).from(returns).where(eq(returns.id, id));
  return row;
}

/**
 * Locks the order's row, then the return's, in the order every writer of a return takes them (the
 * request locks the order before it adds a return), and answers the return as it is now.
 */
export async function lockOrderAndReturn(
  db: Queryable,
  orderId: string,
  returnId: string,
): Promise<DecisionReturnRow | undefined> {
  await db.select({ id: orders.id }).from(orders).where(eq(orders.id, orderId)).for('update');
  const [row] = await db.select(returnColumns).from(returns).where(eq(returns.id, returnId)).for('update');
  return row;
}

/** A returned line with what the decision needs of the order line it returns. */
export async function findDecisionLine(db: Queryable, returnId: string, lineId: string) {
  const [row] = await db
    .select({
      id: returnLines.id,
      status: returnLines.status,
      orderItemId: returnLines.orderItemId,
      quantity: returnLines.quantity,
      reason: returnLines.reason,
      outcome: returnLines.outcome,
      exchangeVariantId: returnLines.exchangeVariantId,
      exchangeHoldId: returnLines.exchangeHoldId,
      variantId: orderItems.variantId,
      productId: orderItems.productId,
      name: orderItems.name,
    })
    .from(returnLines)
    .innerJoin(orderItems, eq(orderItems.id, returnLines.orderItemId))
    .where(and(eq(returnLines.id, lineId), eq(returnLines.returnId, returnId)));
  return row;
}
export type DecisionLineRow = NonNullable<Awaited<ReturnType<typeof findDecisionLine>>>;

export type LineDecision = Pick<
  typeof returnLines.$inferInsert,
  'status' | 'damaged' | 'rejectReason' | 'decidedAt' | 'decidedBy'
>;

/**
 * The decision, taken once: of owners deciding the same line at once, the one whose update still finds
 * it pending has it; the others get nothing back.
 */
export async function claimLine(db: Queryable, lineId: string, decision: LineDecision): Promise<boolean> {
  const rows = await db
    .update(returnLines)
    .set(decision)
    .where(and(eq(returnLines.id, lineId), eq(returnLines.status, 'pending')))
    .returning({ id: returnLines.id });
  return rows.length > 0;
}

/** What a refunded line gave back, and the refund that gives it. */
export async function setLineRefund(
  db: Queryable,
  lineId: string,
  refundId: string | null,
  refundedCents: number,
): Promise<void> {
  await db.update(returnLines).set({ refundId, refundedCents }).where(eq(returnLines.id, lineId));
}

/** What the order charged, its shipping and what is already given back (read under the order's lock). */
export async function orderCharge(db: Queryable, orderId: string) {
  const [row] = await db
    .select({
      amountCents: orders.amountCents,
      shippingCents: orders.shippingCents,
      refundedCents: orders.refundedCents,
    })
    .from(orders)
    .where(eq(orders.id, orderId));
  return row;
}

/** The order's lines in the order the split takes their units: as the shopper saw them. */
export function chargedLinesOfOrder(db: Queryable, orderId: string) {
  return db
    .select({ itemId: orderItems.id, unitPriceCents: orderItems.unitPriceCents, quantity: orderItems.quantity })
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position), asc(orderItems.id));
}

/** Units of an order line that other returned lines have already had refunded. */
export async function unitsRefundedBefore(db: Queryable, orderItemId: string, lineId: string): Promise<number> {
  const [row] = await db
    .select({ units: sql<number>`coalesce(sum(${returnLines.quantity}), 0)::int` })
    .from(returnLines)
    .where(
      and(eq(returnLines.orderItemId, orderItemId), eq(returnLines.status, 'refunded'), ne(returnLines.id, lineId)),
    );
  return row?.units ?? 0;
}

/** The return touched by a decision, and done once none of its lines is left pending. */
export async function finishIfDecided(db: Queryable, returnId: string, now: Date): Promise<void> {
  await db
    .update(returns)
    .set({
      updatedAt: now,
      status: sql`case when exists (select 1 from ${returnLines} where ${returnLines.returnId} = ${returnId}
        and ${returnLines.status} = 'pending') then ${returns.status} else 'done'::return_status end`,
    })
    .where(eq(returns.id, returnId));
}
