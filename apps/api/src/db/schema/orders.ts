import { ALL_ORDER_STATUSES } from '@shop/contract/constants';
import type { ShippingAddress, ShippingMethod } from '@shop/contract/delivery';
import { REFUND_KINDS } from '@shop/contract/orders';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgEnum, pgTable, smallint, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { products } from './catalogue';
import { createdAt, updatedAt } from './columns';
import { discountCodes } from './discounts';
import { productVariants } from './inventory';

// Orders: what was bought, its lines and the money given back.

export const orderStatusEnum = pgEnum('order_status', ALL_ORDER_STATUSES);
export const refundKindEnum = pgEnum('refund_kind', REFUND_KINDS);
export const refundStatusEnum = pgEnum('refund_status', ['pending', 'succeeded', 'failed']);

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The provider's payment id, shown to shoppers as the Transaction ID. */
    orderId: text('order_id').notNull(),
    /** One order per paid checkout session, whatever races to confirm it. */
    checkoutSessionId: text('checkout_session_id').notNull().unique(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    status: orderStatusEnum('status').notNull().default('pending'),
    subtotalCents: integer('subtotal_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    /** What was charged: items + tax + shipping. */
    amountCents: integer('amount_cents').notNull(),
    /** Snapshot of the delivery chosen at checkout; null on orders from before the shop asked. */
    shippingMethod: text('shipping_method').$type<ShippingMethod>(),
    shippingCents: integer('shipping_cents').notNull().default(0),
    shippingAddress: jsonb('shipping_address').$type<ShippingAddress>(),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    /** When the order was first marked shipped or completed: its return window counts from here. */
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    /** Given back so far (succeeded refunds and those in flight), never more than the amount. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    /** Snapshot of the discount code used, as it was named, and what it took off the subtotal (before tax). */
    discountCodeId: uuid('discount_code_id').references(() => discountCodes.id, { onDelete: 'set null' }),
    discountCode: text('discount_code'),
    discountCents: integer('discount_cents').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('orders_amount_non_negative', sql`${t.amountCents} >= 0 AND ${t.subtotalCents} >= 0 AND ${t.taxCents} >= 0`),
    check('orders_discount_range', sql`${t.discountCents} >= 0 AND ${t.discountCents} <= ${t.subtotalCents}`),
    check('orders_refunded_range', sql`${t.refundedCents} >= 0 AND ${t.refundedCents} <= ${t.amountCents}`),
    index('orders_email_created_at_idx').on(t.email, t.createdAt.desc()),
    // Orders belong to an e-mail compared without case: a customer's orders, payments and stats.
    index('orders_email_lower_created_at_idx').on(sql`lower(${t.email})`, t.createdAt.desc(), t.id.desc()),
    index('orders_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    index('orders_user_id_idx').on(t.userId),
    // A provider's refund event names the payment, not the order.
    index('orders_order_id_idx').on(t.orderId),
  ],
);

export const orderItems = pgTable(
  'order_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The product may be deleted later; the line keeps its snapshot. */
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    image: text('image').notNull(),
    unitPriceCents: integer('unit_price_cents').notNull(),
    quantity: integer('quantity').notNull(),
    /** The line's place in the cart, so an order lists its items as the shopper saw them. */
    position: smallint('position').notNull().default(0),
    /** The size bought and its SKU, kept as they were; null on orders from before sizes. */
    size: text('size'),
    /** The colour's name as the shop showed it; null on orders from before colours. */
    colour: text('colour'),
    sku: text('sku'),
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('order_items_quantity_range', sql`${t.quantity} BETWEEN 1 AND 99`),
    check('order_items_price_positive', sql`${t.unitPriceCents} > 0`),
    index('order_items_order_id_idx').on(t.orderId),
    index('order_items_product_id_idx').on(t.productId),
    // A size deleted with its product sets its order lines' size to null: found by this, not a scan of every line.
    index('order_items_variant_id_idx').on(t.variantId),
  ],
);

/**
 * Money given back on an order. A refund is written pending (its amount counted in the order's
 * refunded total at once, so two refunds cannot both take the last of it), then succeeded once the
 * provider has made it, or failed and its amount given back to what is left.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: refundKindEnum('kind').notNull(),
    status: refundStatusEnum('status').notNull().default('pending'),
    amountCents: integer('amount_cents').notNull(),
    reason: text('reason').notNull().default(''),
    /** The order lines and quantities that go back to stock when it succeeds: [{ itemId, quantity }]. */
    restock: jsonb('restock').$type<{ itemId: string; quantity: number }[]>().notNull().default([]),
    /** The provider's id of the refund; a webhook about a refund made at the provider finds it here. */
    providerRefundId: text('provider_refund_id').unique(),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    check('refunds_amount_positive', sql`${t.amountCents} > 0`),
    index('refunds_order_id_idx').on(t.orderId),
    index('refunds_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);
