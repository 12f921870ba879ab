import { sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { namedStatement, param } from '../../db/prepared';
import { checkoutSessions, orderItems, orders, products, productVariants } from '../../db/schema';
import type { OrderLineFields, OrderRow } from './order-rows';

// Placing the order of a paid checkout session: once, whatever races to confirm it.

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
  colour: string | null;
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
      insert into ${orderItems} (order_id, product_id, name, image, unit_price_cents, quantity, position, size, colour,
        sku, variant_id)
      select m.id, (select p.id from ${products} p where p.id = l.product_id), l.name, l.image, l.unit_price_cents,
        l.quantity, l.position, l.size, l.colour, l.sku, (select v.id from ${productVariants} v where v.id = l.variant_id)
      from made m, json_to_recordset(${param('lines')}::json) as l(product_id uuid, name text, image text,
        unit_price_cents int, quantity int, position int, size text, colour text, sku text, variant_id uuid)
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
        colour: line.colour,
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
    fulfilledAt: null,
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
