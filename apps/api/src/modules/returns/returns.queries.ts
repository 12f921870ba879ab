import type { Color } from '@shop/contract/constants';
import type { ReturnReason, ReturnStatus } from '@shop/contract/returns';
import { and, asc, count, desc, eq, ilike, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { orderItems, orders, productColours, products, productVariants, returnLines, returns } from '../../db/schema';

// Returns and their lines, and what of an order and its products a return reads.

/** An order as far as returns go: whose it is, its state and when it was first shipped or completed. */
export interface ReturnableOrder {
  id: string;
  orderNumber: string;
  userId: string | null;
  email: string;
  status: (typeof orders.$inferSelect)['status'];
  fulfilledAt: Date | null;
}

const orderFields = {
  id: orders.id,
  orderNumber: orders.orderId,
  userId: orders.userId,
  email: orders.email,
  status: orders.status,
  fulfilledAt: orders.fulfilledAt,
};

export async function findOrder(db: Queryable, id: string): Promise<ReturnableOrder | undefined> {
  const [row] = await db.select(orderFields).from(orders).where(eq(orders.id, id));
  return row;
}

/**
 * The order's row, locked to the end of the transaction: two requests for the same order count what
 * earlier returns asked one after the other, never both before either writes.
 */
export async function lockOrder(db: Queryable, id: string): Promise<ReturnableOrder | undefined> {
  const [row] = await db.select(orderFields).from(orders).where(eq(orders.id, id)).for('update', { of: orders });
  return row;
}

/** An order line with the colour it was bought in (its size's colour), when that size still exists. */
export interface BoughtLine {
  id: string;
  productId: string | null;
  name: string;
  image: string;
  size: string | null;
  colour: string | null;
  boughtColour: Color | null;
  quantity: number;
  unitPriceCents: number;
}

export function linesOfOrder(db: Queryable, orderId: string): Promise<BoughtLine[]> {
  return db
    .select({
      id: orderItems.id,
      productId: orderItems.productId,
      name: orderItems.name,
      image: orderItems.image,
      size: orderItems.size,
      colour: orderItems.colour,
      boughtColour: productVariants.color,
      quantity: orderItems.quantity,
      unitPriceCents: orderItems.unitPriceCents,
    })
    .from(orderItems)
    .leftJoin(productVariants, eq(productVariants.id, orderItems.variantId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position), asc(orderItems.id));
}

/** What returns of the order's lines already asked, by order line; a rejected line gave nothing back. */
export async function askedByLine(db: Queryable, orderId: string): Promise<Map<string, number>> {
  const rows = await db
    .select({ itemId: returnLines.orderItemId, asked: sql<number>`sum(${returnLines.quantity})::int` })
    .from(returnLines)
    .innerJoin(returns, eq(returns.id, returnLines.returnId))
    .where(and(eq(returns.orderId, orderId), ne(returnLines.status, 'rejected')))
    .groupBy(returnLines.orderItemId);
  return new Map(rows.map((r) => [r.itemId, r.asked]));
}

/** A size of a product an exchange may choose, with its colour's name, price and what is available. */
export interface ExchangeSize {
  productId: string;
  variantId: string;
  colour: Color;
  colourName: string;
  size: string;
  priceCents: number;
  available: number;
}

export function sizesOfProducts(db: Queryable, productIds: readonly string[]): Promise<ExchangeSize[]> {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      productId: productVariants.productId,
      variantId: productVariants.id,
      colour: productVariants.color,
      colourName: productColours.name,
      size: productVariants.size,
      priceCents: sql<number>`coalesce(${productColours.priceCents}, ${products.priceCents})`,
      available: sql<number>`greatest(0, ${productVariants.onHand} - ${productVariants.reserved})::int`,
    })
    .from(productVariants)
    .innerJoin(products, eq(products.id, productVariants.productId))
    .innerJoin(
      productColours,
      and(eq(productColours.productId, productVariants.productId), eq(productColours.color, productVariants.color)),
    )
    .where(inArray(productVariants.productId, [...new Set(productIds)]))
    .orderBy(asc(productColours.position), asc(productVariants.position));
}

export async function insertReturn(
  tx: Queryable,
  values: { orderId: string; userId: string; email: string },
): Promise<typeof returns.$inferSelect> {
  const [row] = await tx.insert(returns).values(values).returning();
  if (!row) throw new Error('return not written');
  return row;
}

export type NewReturnLine = typeof returnLines.$inferInsert;

/** Writes the lines; answers them as written, in the order given. */
export function insertReturnLines(
  tx: Queryable,
  values: NewReturnLine[],
): Promise<(typeof returnLines.$inferSelect)[]> {
  return tx.insert(returnLines).values(values).returning();
}

export type ReturnRow = typeof returns.$inferSelect & { orderNumber: string };

/** A return's line with the order line it returns (its name, picture, size and colour as bought). */
export type ReturnLineRow = typeof returnLines.$inferSelect & {
  productId: string | null;
  name: string;
  image: string;
  size: string | null;
  colour: string | null;
};

const returnFields = {
  id: returns.id,
  number: returns.number,
  orderId: returns.orderId,
  userId: returns.userId,
  email: returns.email,
  status: returns.status,
  receivedAt: returns.receivedAt,
  createdAt: returns.createdAt,
  updatedAt: returns.updatedAt,
  orderNumber: orders.orderId,
};

export function returnsByIds(db: Queryable, ids: readonly string[]): Promise<ReturnRow[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .select(returnFields)
    .from(returns)
    .innerJoin(orders, eq(orders.id, returns.orderId))
    .where(inArray(returns.id, [...ids]));
}

export function linesOfReturns(db: Queryable, returnIds: readonly string[]): Promise<ReturnLineRow[]> {
  if (returnIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: returnLines.id,
      returnId: returnLines.returnId,
      orderItemId: returnLines.orderItemId,
      quantity: returnLines.quantity,
      reason: returnLines.reason,
      note: returnLines.note,
      outcome: returnLines.outcome,
      exchangeVariantId: returnLines.exchangeVariantId,
      exchangeSize: returnLines.exchangeSize,
      exchangeColour: returnLines.exchangeColour,
      exchangeHoldId: returnLines.exchangeHoldId,
      status: returnLines.status,
      refundedCents: returnLines.refundedCents,
      refundId: returnLines.refundId,
      damaged: returnLines.damaged,
      rejectReason: returnLines.rejectReason,
      decidedAt: returnLines.decidedAt,
      decidedBy: returnLines.decidedBy,
      productId: orderItems.productId,
      name: orderItems.name,
      image: orderItems.image,
      size: orderItems.size,
      colour: orderItems.colour,
    })
    .from(returnLines)
    .innerJoin(orderItems, eq(orderItems.id, returnLines.orderItemId))
    .where(inArray(returnLines.returnId, [...returnIds]))
    .orderBy(asc(orderItems.position), asc(returnLines.id));
}

/** The returns of an order, newest first. */
export async function returnIdsOfOrder(db: Queryable, orderId: string): Promise<string[]> {
  const rows = await db
    .select({ id: returns.id })
    .from(returns)
    .where(eq(returns.orderId, orderId))
    .orderBy(desc(returns.createdAt), desc(returns.id));
  return rows.map((r) => r.id);
}

export async function returnIdOfLine(db: Queryable, lineId: string): Promise<string | undefined> {
  const [row] = await db.select({ id: returnLines.returnId }).from(returnLines).where(eq(returnLines.id, lineId));
  return row?.id;
}

export interface ReturnsFilter {
  status?: ReturnStatus | undefined;
  reason?: ReturnReason | undefined;
  q?: string | undefined;
}

/** Text searched as typed: `%` and `_` in it match themselves. */
const likeText = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

function filterOf(filter: ReturnsFilter): SQL | undefined {
  const q = filter.q?.trim();
  const digits = q?.match(/^r?0*(\d{1,15})$/i)?.[1];
  return and(
    filter.status ? eq(returns.status, filter.status) : undefined,
    filter.reason
      ? sql`exists (select 1 from ${returnLines} where ${returnLines.returnId} = ${returns.id} and ${returnLines.reason} = ${filter.reason})`
      : undefined,
    q
      ? or(
          digits ? eq(returns.number, Number(digits)) : undefined,
          ilike(orders.orderId, likeText(q)),
          ilike(returns.email, likeText(q)),
        )
      : undefined,
  );
}

/** One page of returns, newest first, and how many match in all. */
export async function listReturnIds(
  db: Queryable,
  filter: ReturnsFilter,
  page: { limit: number; offset: number },
): Promise<{ ids: string[]; total: number }> {
  const where = filterOf(filter);
  const [rows, [counted]] = await Promise.all([
    db
      .select({ id: returns.id })
      .from(returns)
      .innerJoin(orders, eq(orders.id, returns.orderId))
      .where(where)
      .orderBy(desc(returns.createdAt), desc(returns.id))
      .limit(page.limit)
      .offset(page.offset),
    db.select({ n: count() }).from(returns).innerJoin(orders, eq(orders.id, returns.orderId)).where(where),
  ]);
  return { ids: rows.map((r) => r.id), total: counted?.n ?? 0 };
}

/** Requested to received, once: answers nothing when the return is not waiting for its parcel. */
export async function markReceived(tx: Queryable, id: string, now: Date): Promise<boolean> {
  const rows = await tx
    .update(returns)
    .set({ status: 'received', receivedAt: now, updatedAt: now })
    .where(and(eq(returns.id, id), eq(returns.status, 'requested')))
    .returning({ id: returns.id });
  return rows.length > 0;
}

/** How this transaction's commit waits for the disk, as the server or session set it. */
export async function commitDurability(tx: Queryable): Promise<string> {
  const result = await tx.execute(sql`select current_setting('synchronous_commit') as setting`);
  return (result as unknown as { rows: { setting: string }[] }).rows[0]?.setting ?? 'on';
}

/** Sets it back for the rest of the transaction, after a statement that changed it (a stock hold's). */
export async function restoreCommitDurability(tx: Queryable, setting: string): Promise<void> {
  await tx.execute(sql`select set_config('synchronous_commit', ${setting}, true)`);
}
