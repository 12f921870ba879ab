import type { OrderStatus } from '@shop/contract/constants';
import { and, asc, count, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { namedStatement, param, placeholdersFor, preparedPerDatabase } from '../../db/prepared';
import { checkoutSessions, orderItems, orders, products, productVariants, refunds } from '../../db/schema';

export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;
export type OrderRefundRow = typeof refunds.$inferSelect;
/** What an order's page shows of a line. */
export type OrderLineFields = Pick<
  OrderItemRow,
  'id' | 'productId' | 'name' | 'image' | 'unitPriceCents' | 'quantity' | 'size' | 'sku'
>;
/** What an order's page shows of a refund. */
export type OrderRefundFields = Pick<OrderRefundRow, 'id' | 'kind' | 'status' | 'amountCents' | 'reason' | 'createdAt'>;

/** What a checkout records of its session; the rest (its fulfilment) comes later. */
const RECORDED_SESSION_FIELDS = [
  'id',
  'provider',
  'userId',
  'email',
  'lineItems',
  'subtotalCents',
  'taxCents',
  'amountCents',
  'createdAt',
  'expiresAt',
  'holdId',
  'discountCodeId',
  'discountCode',
  'discountCents',
] as const;

type RecordedCheckoutSession = Pick<
  Required<typeof checkoutSessions.$inferInsert>,
  (typeof RECORDED_SESSION_FIELDS)[number]
>;

const insertCheckoutSessionStatement = preparedPerDatabase((db) =>
  db.insert(checkoutSessions).values(placeholdersFor(RECORDED_SESSION_FIELDS)).prepare('insert_checkout_session'),
);

export async function insertCheckoutSession(db: Queryable, values: RecordedCheckoutSession) {
  await insertCheckoutSessionStatement(db).execute(values);
}

export async function findCheckoutSession(db: Queryable, id: string): Promise<CheckoutSessionRow | undefined> {
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
  return row;
}

// Written with their own aliases: drizzle leaves columns unqualified in a query of one table, and an
// unqualified "id" in these subqueries would be the line's or the refund's, not the order's.

/** The lines of the order in the same row (`orders` in the query), in cart order, as JSON. */
const linesOfOrderJson = sql<OrderLineFields[]>`coalesce((
  select json_agg(json_build_object(
    'id', oi.id, 'productId', oi.product_id, 'name', oi.name, 'image', oi.image,
    'unitPriceCents', oi.unit_price_cents, 'quantity', oi.quantity, 'size', oi.size, 'sku', oi.sku
  ) order by oi.position)
  from ${orderItems} oi where oi.order_id = ${orders}.id), '[]'::json)`;

/** The refunds of the order in the same row, oldest first, as JSON (their times as text). */
const refundsOfOrderJson = sql<(Omit<OrderRefundFields, 'createdAt'> & { createdAt: string })[]>`coalesce((
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

/** A checkout session with the order made from it (null before there is one), as confirmation reads it. */
export interface CheckoutSessionWithOrder {
  session: CheckoutSessionRow;
  order: { row: OrderRow; lines: OrderLineFields[]; refunds: OrderRefundFields[] } | null;
}

const checkoutSessionWithOrderStatement = preparedPerDatabase((db) =>
  db
    .select({
      session: checkoutSessions,
      order: orders,
      lines: linesOfOrderJson,
      refunds: refundsOfOrderJson,
    })
    .from(checkoutSessions)
    .leftJoin(orders, eq(orders.checkoutSessionId, checkoutSessions.id))
    .where(eq(checkoutSessions.id, sql.placeholder('id')))
    .prepare('checkout_session_with_order'),
);

/**
 * One round trip for what confirming a paid session reads: the session, its order, the order's lines
 * in cart order and its refunds oldest first (the lines and refunds as JSON beside the order's row).
 */
export async function findCheckoutSessionWithOrder(
  db: Queryable,
  id: string,
): Promise<CheckoutSessionWithOrder | undefined> {
  const [row] = await checkoutSessionWithOrderStatement(db).execute({ id });
  if (!row) return undefined;
  const order = row.order && {
    row: row.order,
    lines: row.lines,
    refunds: row.refunds.map((refund) => ({ ...refund, createdAt: new Date(refund.createdAt) })),
  };
  return { session: row.session, order };
}

export async function findCheckoutSessionByHold(
  db: Queryable,
  holdId: string,
): Promise<CheckoutSessionRow | undefined> {
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.holdId, holdId));
  return row;
}

/** An order as its checkout makes it: what the shop knows before it is written. */
export type NewOrder = Pick<
  OrderRow,
  | 'id'
  | 'orderId'
  | 'checkoutSessionId'
  | 'userId'
  | 'email'
  | 'subtotalCents'
  | 'taxCents'
  | 'amountCents'
  | 'shippingMethod'
  | 'shippingCents'
  | 'shippingAddress'
  | 'discountCodeId'
  | 'discountCode'
  | 'discountCents'
>;

/** A line of a new order, in cart order; its product and size may have been deleted since. */
export interface NewOrderLine {
  productId: string;
  variantId: string | null;
  name: string;
  image: string;
  unitPriceCents: number;
  quantity: number;
  size: string | null;
  sku: string | null;
}

type WrittenLine = { id: string; productId: string | null; position: number };

/**
 * One statement makes the order: it marks the session fulfilled unless it already was, and only then
 * inserts the order and its lines (a product or size deleted since the cart was priced leaves its line
 * without it). Of calls racing for one session, the first takes the session's row and the others, once
 * it commits, find it fulfilled and insert nothing.
 */
const createOrderStatement = namedStatement<{ lines: WrittenLine[] | null }>(
  'create_order',
  sql`
    with fulfilled as (
      update ${checkoutSessions} set fulfilled_at = ${param('now')}::timestamptz
      where id = ${param('checkoutSessionId')} and fulfilled_at is null
      returning id
    ), made as (
      insert into ${orders} (id, order_id, checkout_session_id, user_id, email, subtotal_cents, tax_cents,
        amount_cents, shipping_method, shipping_cents, shipping_address, discount_code_id, discount_code,
        discount_cents, created_at, updated_at)
      select ${param('id')}::uuid, ${param('orderId')}, f.id, ${param('userId')}::uuid, ${param('email')},
        ${param('subtotalCents')}::int, ${param('taxCents')}::int, ${param('amountCents')}::int,
        ${param('shippingMethod')}, ${param('shippingCents')}::int, ${param('shippingAddress')}::jsonb,
        ${param('discountCodeId')}::uuid, ${param('discountCode')}, ${param('discountCents')}::int,
        ${param('now')}::timestamptz, ${param('now')}::timestamptz
      from fulfilled f
      returning id
    ), lines as (
      insert into ${orderItems} (order_id, product_id, name, image, unit_price_cents, quantity, position, size, sku,
        variant_id)
      select m.id, (select p.id from ${products} p where p.id = l.product_id), l.name, l.image, l.unit_price_cents,
        l.quantity, l.position, l.size, l.sku, (select v.id from ${productVariants} v where v.id = l.variant_id)
      from made m, json_to_recordset(${param('lines')}::json) as l(product_id uuid, name text, image text,
        unit_price_cents int, quantity int, position int, size text, sku text, variant_id uuid)
      returning id, product_id, position
    )
    select json_agg(json_build_object('id', id, 'productId', product_id, 'position', position)) as lines
    from lines`,
);

/**
 * Creates the session's order with its lines unless the session was fulfilled before (by another call,
 * whose order may since have been deleted); answers the order as written, or nothing.
 */
export async function createOrderOnce(
  db: Queryable,
  order: NewOrder,
  lines: readonly NewOrderLine[],
  now: Date,
): Promise<{ row: OrderRow; lines: OrderLineFields[] } | undefined> {
  const [result] = await createOrderStatement(db, {
    ...order,
    shippingAddress: order.shippingAddress ? JSON.stringify(order.shippingAddress) : null,
    now: now.toISOString(),
    lines: JSON.stringify(
      lines.map((line, position) => ({
        product_id: line.productId,
        variant_id: line.variantId,
        name: line.name,
        image: line.image,
        unit_price_cents: line.unitPriceCents,
        quantity: line.quantity,
        position,
        size: line.size,
        sku: line.sku,
      })),
    ),
  });
  if (!result?.lines) return undefined;
  const row: OrderRow = {
    ...order,
    status: 'pending',
    carrier: null,
    trackingNumber: null,
    refundedCents: 0,
    createdAt: now,
    updatedAt: now,
  };
  // The rows just written are the order: only the ids the database gave, and which products still exist.
  const written = [...result.lines].sort((a, b) => a.position - b.position);
  return {
    row,
    lines: written.map((w) => ({ ...(lines[w.position] as NewOrderLine), id: w.id, productId: w.productId })),
  };
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

/** Sessions created since `since` that have no order yet: the ones reconciliation asks about. */
export function unfulfilledCheckoutSessions(db: Queryable, since: Date) {
  return db
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(and(isNull(checkoutSessions.fulfilledAt), gt(checkoutSessions.createdAt, since)))
    .orderBy(asc(checkoutSessions.createdAt));
}
