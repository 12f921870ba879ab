import type { OrderStatus } from '@shop/contract/constants';
import { and, asc, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { checkoutSessions, orderItems, orders, products, productVariants, refunds } from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;
export type OrderRefundRow = typeof refunds.$inferSelect;

export async function insertCheckoutSession(db: Queryable, values: typeof checkoutSessions.$inferInsert) {
  await db.insert(checkoutSessions).values(values);
}

export async function findCheckoutSession(db: Queryable, id: string): Promise<CheckoutSessionRow | undefined> {
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
  return row;
}

export async function findCheckoutSessionByHold(
  db: Queryable,
  holdId: string,
): Promise<CheckoutSessionRow | undefined> {
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.holdId, holdId));
  return row;
}

/** Inserts the session's order unless one exists; answers the new row, or nothing on conflict. */
export async function insertOrderOnce(
  db: Queryable,
  values: typeof orders.$inferInsert,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .insert(orders)
    .values(values)
    .onConflictDoNothing({ target: orders.checkoutSessionId })
    .returning();
  return row;
}

type NewOrderItem = Omit<typeof orderItems.$inferInsert, 'productId' | 'variantId'> & {
  productId: string;
  variantId: string | null;
};

/**
 * Inserts an order's lines; answers them as stored, in their order. Lines keep their snapshot, and are
 * linked to their product and size only where those still exist (a product deleted since the checkout
 * is just no longer linked), looked up in the same statement.
 */
export async function insertOrderItems(db: Queryable, values: NewOrderItem[]): Promise<OrderItemRow[]> {
  if (values.length === 0) return [];
  const rows = await db
    .insert(orderItems)
    .values(
      values.map((item) => ({
        ...item,
        productId: sql`(select ${products.id} from ${products} where ${products.id} = ${item.productId})`,
        variantId: item.variantId
          ? sql`(select ${productVariants.id} from ${productVariants} where ${productVariants.id} = ${item.variantId})`
          : null,
      })),
    )
    .returning();
  return rows.sort((a, b) => a.position - b.position);
}

/** Marks the session fulfilled unless it already was; answers whether this call marked it. */
export async function markCheckoutFulfilled(db: Queryable, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(checkoutSessions)
    .set({ fulfilledAt: now })
    .where(and(eq(checkoutSessions.id, id), isNull(checkoutSessions.fulfilledAt)))
    .returning({ id: checkoutSessions.id });
  return rows.length > 0;
}

export async function findOrderByCheckoutSession(db: Queryable, checkoutSessionId: string) {
  const [row] = await db.select().from(orders).where(eq(orders.checkoutSessionId, checkoutSessionId));
  return row;
}

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
      updatedAt: now,
    })
    .where(eq(orders.id, id))
    .returning();
  return row;
}

export async function deleteOrder(db: Queryable, id: string): Promise<boolean> {
  const rows = await db.delete(orders).where(eq(orders.id, id)).returning({ id: orders.id });
  return rows.length > 0;
}

/** Sessions created since `since` that have no order yet: the ones reconciliation asks about. */
export function unfulfilledCheckoutSessions(db: Queryable, since: Date) {
  return db
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(and(isNull(checkoutSessions.fulfilledAt), gt(checkoutSessions.createdAt, since)))
    .orderBy(asc(checkoutSessions.createdAt));
}
