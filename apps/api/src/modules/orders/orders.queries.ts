import type { OrderStatus } from '@shop/contract/constants';
import { asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { orderItems, orders, refunds } from '../../db/schema';
import type { OrderItemRow, OrderRefundRow, OrderRow } from './order-rows';

// The orders' rows. A checkout session's record, an order with its lines and the placing of an order
// have files of their own; the module's other files find them here too.
export {
  type CheckoutSessionWithOrder,
  findCheckoutSession,
  findCheckoutSessionByHold,
  findCheckoutSessionWithOrder,
  insertCheckoutSession,
  unfulfilledCheckoutSessions,
} from './checkout-sessions.queries';
export { findOrdersWithLines, findOrderWithLines } from './order-lines.queries';
export type {
  CheckoutSessionRow,
  OrderItemRow,
  OrderLineFields,
  OrderRefundFields,
  OrderRefundRow,
  OrderRow,
} from './order-rows';
export { createOrderOnce, type NewOrder, type NewOrderLine } from './place-order.queries';

export async function findOrderById(db: Queryable, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

export function listOrdersByEmail(db: Queryable, email: string) {
  return db
    .select()
    .from(orders)
    .where(sql`lower(${orders.email}) = lower(${email})`)
    .orderBy(desc(orders.createdAt), desc(orders.id));
}

/** Gives an account the orders placed with its e-mail without an account; answers how many. */
export async function claimOrdersOfEmail(db: Queryable, userId: string, email: string, now: Date): Promise<number> {
  const rows = await db
    .update(orders)
    .set({ userId, updatedAt: now })
    .where(sql`${orders.userId} IS NULL AND lower(${orders.email}) = lower(${email})`)
    .returning({ id: orders.id });
  return rows.length;
}

/** An account's own orders: those it placed, and the guest orders of its e-mail once it confirmed it. */
export function listOrdersOfUser(db: Queryable, userId: string) {
  return db.select().from(orders).where(eq(orders.userId, userId)).orderBy(desc(orders.createdAt), desc(orders.id));
}

export function listOrders(db: Queryable, page: { limit: number; offset: number }) {
  return db
    .select()
    .from(orders)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countOrders(db: Queryable): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders);
  return row?.n ?? 0;
}

export function itemsOfOrders(db: Queryable, orderIds: string[]) {
  if (orderIds.length === 0) return Promise.resolve([] as OrderItemRow[]);
  return db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.orderId), asc(orderItems.position));
}

/** The refunds of the given orders, oldest first. */
export function refundsOfOrders(db: Queryable, orderIds: string[]) {
  if (orderIds.length === 0) return Promise.resolve([] as OrderRefundRow[]);
  return db
    .select()
    .from(refunds)
    .where(inArray(refunds.orderId, orderIds))
    .orderBy(asc(refunds.orderId), asc(refunds.createdAt));
}

/** The order's row, locked until the transaction ends (a status change reads what it changes from). */
export async function lockOrder(db: Queryable, id: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.id, id)).for('update');
  return row;
}

/** Sets the status; the carrier and tracking number only when given (shipped), kept otherwise. */
export async function updateOrderStatus(
  db: Queryable,
  id: string,
  change: { status: OrderStatus; carrier?: string | undefined; trackingNumber?: string | undefined },
  now: Date,
) {
  const [row] = await db
    .update(orders)
    .set({
      status: change.status,
      ...(change.carrier !== undefined ? { carrier: change.carrier } : {}),
      ...(change.trackingNumber !== undefined ? { trackingNumber: change.trackingNumber } : {}),
      // The first time it leaves the shop (shipped, or completed without being marked shipped).
      ...(change.status === 'shipped' || change.status === 'completed'
        ? { fulfilledAt: sql`coalesce(${orders.fulfilledAt}, ${now.toISOString()}::timestamptz)` }
        : {}),
      updatedAt: now,
    })
    .where(eq(orders.id, id))
    .returning();
  return row;
}

/** The deleted order's payment id, e-mail, status and amount (for the audit log), or undefined. */
export async function deleteOrder(db: Queryable, id: string) {
  const [row] = await db.delete(orders).where(eq(orders.id, id)).returning({
    id: orders.id,
    orderId: orders.orderId,
    email: orders.email,
    status: orders.status,
    amountCents: orders.amountCents,
  });
  return row;
}
