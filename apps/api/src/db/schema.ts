import { ALL_ORDER_STATUSES, CATEGORIES, COLORS, ROLES } from '@shop/contract/constants';
import type { ShippingAddress, ShippingMethod } from '@shop/contract/delivery';
import { SIZE_SCALE_NAMES, STOCK_REASONS } from '@shop/contract/inventory';
import { REFUND_KINDS } from '@shop/contract/orders';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

export const roleEnum = pgEnum('role', ROLES);
export const categoryEnum = pgEnum('category', CATEGORIES);
export const colorEnum = pgEnum('color', COLORS);
export const orderStatusEnum = pgEnum('order_status', ALL_ORDER_STATUSES);
export const checkoutStatusEnum = pgEnum('checkout_status', ['open', 'paid', 'expired']);
export const sizeScaleEnum = pgEnum('size_scale', SIZE_SCALE_NAMES);
export const stockReasonEnum = pgEnum('stock_reason', STOCK_REASONS);
export const reservationStatusEnum = pgEnum('reservation_status', ['active', 'paid', 'cancelled', 'expired']);
export const refundKindEnum = pgEnum('refund_kind', REFUND_KINDS);
export const refundStatusEnum = pgEnum('refund_status', ['pending', 'succeeded', 'failed']);

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    username: text('username').notNull(),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: roleEnum('role').notNull().default('user'),
    bio: text('bio').notNull().default(''),
    profileImage: text('profile_image').notNull().default(''),
    profession: text('profession').notNull().default(''),
    /** The delivery address the next checkout starts from: the last one used, or one the customer saved. */
    savedAddress: jsonb('saved_address').$type<ShippingAddress>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    index('users_created_at_idx').on(t.createdAt.desc()),
  ],
);

export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** SHA-256 of the session token; the token itself lives only in the cookie. */
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    category: categoryEnum('category').notNull(),
    color: colorEnum('color').notNull(),
    description: text('description').notNull(),
    priceCents: integer('price_cents').notNull(),
    oldPriceCents: integer('old_price_cents'),
    image: text('image').notNull(),
    rating: doublePrecision('rating').notNull().default(0),
    reviewCount: integer('review_count').notNull().default(0),
    /** The scale its sizes (product_variants) come from. */
    sizeScale: sizeScaleEnum('size_scale').notNull().default('one'),
    authorId: uuid('author_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('products_price_positive', sql`${t.priceCents} > 0`),
    check('products_old_price_positive', sql`${t.oldPriceCents} IS NULL OR ${t.oldPriceCents} > 0`),
    check('products_rating_range', sql`${t.rating} >= 0 AND ${t.rating} <= 5`),
    check('products_review_count_non_negative', sql`${t.reviewCount} >= 0`),
    index('products_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    index('products_category_created_at_idx').on(t.category, t.createdAt.desc(), t.id.desc()),
    index('products_color_created_at_idx').on(t.color, t.createdAt.desc(), t.id.desc()),
    index('products_category_color_price_idx').on(t.category, t.color, t.priceCents),
    // The shop page's default: category and colour, newest first; a price range is checked inside the index.
    index('products_category_color_created_at_idx').on(
      t.category,
      t.color,
      t.createdAt.desc(),
      t.id.desc(),
      t.priceCents,
    ),
    index('products_price_idx').on(t.priceCents, t.id),
    index('products_rating_idx').on(t.rating.desc(), t.id.desc()),
    index('products_author_id_idx').on(t.authorId),
  ],
);

export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Kept when the user is deleted: a review is part of the product's page and rating. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    comment: text('comment').notNull(),
    rating: smallint('rating').notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('reviews_user_product_key').on(t.userId, t.productId),
    check('reviews_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
    check('reviews_comment_length', sql`char_length(${t.comment}) BETWEEN 1 AND 1000`),
    index('reviews_product_created_at_idx').on(t.productId, t.createdAt.desc()),
    index('reviews_user_created_at_idx').on(t.userId, t.createdAt.desc()),
  ],
);

/** The shop's own record of every hosted checkout session it opened with the payment provider. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    /** Snapshot of the priced lines: [{ productId, name, image, unitPriceCents, quantity }]. */
    lineItems: jsonb('line_items').notNull(),
    subtotalCents: integer('subtotal_cents').notNull(),
    taxCents: integer('tax_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    fulfilledAt: timestamp('fulfilled_at', { withTimezone: true }),
    /** The stock reservations held for this checkout (stock_reservations.hold_id). */
    holdId: uuid('hold_id'),
  },
  (t) => [
    check('checkout_sessions_amount_positive', sql`${t.amountCents} > 0`),
    index('checkout_sessions_unfulfilled_idx').on(t.createdAt).where(sql`${t.fulfilledAt} IS NULL`),
    index('checkout_sessions_user_id_idx').on(t.userId),
    uniqueIndex('checkout_sessions_hold_id_key').on(t.holdId),
  ],
);

/** The builtin test-mode provider's own storage, kept apart as a real provider's would be. */
export const builtinPaymentSessions = pgTable('builtin_payment_sessions', {
  id: text('id').primaryKey(),
  status: checkoutStatusEnum('status').notNull().default('open'),
  amountTotalCents: integer('amount_total_cents').notNull(),
  customerEmail: text('customer_email').notNull(),
  lineItems: jsonb('line_items').notNull(),
  successUrl: text('success_url').notNull(),
  cancelUrl: text('cancel_url').notNull(),
  metadata: jsonb('metadata').notNull(),
  paymentId: text('payment_id').unique(),
  createdAt: createdAt(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  paidAt: timestamp('paid_at', { withTimezone: true }),
  /** Items and tax: the total before the shopper picks a shipping method on the page. */
  itemsTotalCents: integer('items_total_cents'),
  /** The address the page's form starts with (the customer's saved one). */
  prefillAddress: jsonb('prefill_address').$type<ShippingAddress>(),
  shippingAddress: jsonb('shipping_address').$type<ShippingAddress>(),
  shippingMethod: text('shipping_method').$type<ShippingMethod>(),
  shippingCents: integer('shipping_cents'),
});

/** Refunds the builtin provider has made, once per idempotency key as Stripe's are. */
export const builtinRefunds = pgTable('builtin_refunds', {
  id: text('id').primaryKey(),
  paymentId: text('payment_id').notNull(),
  amountCents: integer('amount_cents').notNull(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  createdAt: createdAt(),
});

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
    /** Given back so far (succeeded refunds and those in flight), never more than the amount. */
    refundedCents: integer('refunded_cents').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('orders_amount_non_negative', sql`${t.amountCents} >= 0 AND ${t.subtotalCents} >= 0 AND ${t.taxCents} >= 0`),
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
    sku: text('sku'),
    variantId: uuid('variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('order_items_quantity_range', sql`${t.quantity} BETWEEN 1 AND 99`),
    check('order_items_price_positive', sql`${t.unitPriceCents} > 0`),
    index('order_items_order_id_idx').on(t.orderId),
    index('order_items_product_id_idx').on(t.productId),
  ],
);

/**
 * Rows in each counted table (products, reviews, users), kept by statement triggers written in
 * migration 0003, so the shop's totals never count 100,000 rows on a request.
 */
export const tableCounts = pgTable('table_counts', {
  tableName: text('table_name').primaryKey(),
  total: bigint('total', { mode: 'number' }).notNull().default(0),
});

/**
 * Orders and earnings of each UTC calendar month, kept by a statement trigger on orders (migrations
 * 0003 and 0004). A month's figures are the sum of its shards: each database connection adds to its
 * own, so concurrent checkouts do not queue for one row until the other commits.
 */
export const orderMonthTotals = pgTable(
  'order_month_totals',
  {
    /** The first day of the month, UTC. */
    month: date('month').notNull(),
    shard: smallint('shard').notNull().default(0),
    orders: bigint('orders', { mode: 'number' }).notNull().default(0),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.month, t.shard] })],
);

/**
 * Secrets the shop makes for itself at first start and shares between its instances through the
 * database, such as the key that signs a browser's known-device cookie.
 */
export const appSecrets = pgTable('app_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: createdAt(),
});

/**
 * A product in one size: what the shop has of it (on hand) and how much of that open checkouts hold
 * (reserved). Available is on hand minus reserved, never below zero: the checks make overselling a
 * constraint violation rather than a bug to find later.
 */
export const productVariants = pgTable(
  'product_variants',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    size: text('size').notNull(),
    /** Where the size falls in its scale, for listing sizes smallest first. */
    position: smallint('position').notNull(),
    sku: text('sku').notNull().unique(),
    /** On hand when the size was added: on hand always equals this plus the ledger's on-hand changes. */
    openingOnHand: integer('opening_on_hand').notNull(),
    onHand: integer('on_hand').notNull(),
    reserved: integer('reserved').notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    unique('product_variants_product_size_key').on(t.productId, t.size),
    check('product_variants_on_hand_non_negative', sql`${t.onHand} >= 0 AND ${t.openingOnHand} >= 0`),
    check('product_variants_reserved_range', sql`${t.reserved} >= 0 AND ${t.reserved} <= ${t.onHand}`),
    // The list's size filter finds products by size; the unique key above finds sizes by product.
    index('product_variants_size_product_id_idx').on(t.size, t.productId),
  ],
);

/** Every change of a size's stock, written in the same transaction as the change. */
export const stockLedger = pgTable(
  'stock_ledger',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    variantId: uuid('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    reason: stockReasonEnum('reason').notNull(),
    onHandDelta: integer('on_hand_delta').notNull().default(0),
    reservedDelta: integer('reserved_delta').notNull().default(0),
    /** The customer or admin who caused it; null when the shop did (an expired reservation). */
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    holdId: uuid('hold_id'),
    createdAt: createdAt(),
  },
  (t) => [
    check('stock_ledger_changes_something', sql`${t.onHandDelta} <> 0 OR ${t.reservedDelta} <> 0`),
    index('stock_ledger_variant_created_at_idx').on(t.variantId, t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * What one checkout holds of one size until it is paid, cancelled or expired: each of the three ends a
 * reservation once, by a conditional update of its status.
 */
export const stockReservations = pgTable(
  'stock_reservations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** All the lines of one checkout share it. */
    holdId: uuid('hold_id').notNull(),
    variantId: uuid('variant_id')
      .notNull()
      .references(() => productVariants.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    status: reservationStatusEnum('status').notNull().default('active'),
    actorId: uuid('actor_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    check('stock_reservations_quantity_positive', sql`${t.quantity} > 0`),
    index('stock_reservations_hold_id_idx').on(t.holdId),
    index('stock_reservations_active_expires_at_idx').on(t.expiresAt).where(sql`${t.status} = 'active'`),
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

/** A password reset link: only the token's hash is kept; it works once, within its time. */
export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('password_reset_tokens_user_id_idx').on(t.userId)],
);

/**
 * One row per mail the shop has handed to its sender, keyed by the event that caused it: a job that
 * runs again (a retry after a crash) finds its mail sent and does not send it twice.
 */
export const sentMails = pgTable('sent_mails', {
  eventKey: text('event_key').primaryKey(),
  kind: text('kind').notNull(),
  recipient: text('recipient').notNull(),
  subject: text('subject').notNull(),
  messageId: text('message_id').notNull(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});
