import type { AuditDetails, AuditKind, AuditTargetType } from '@shop/contract/audit';
import { ALL_ORDER_STATUSES, CATEGORIES, COLORS, ROLES } from '@shop/contract/constants';
import type { ShippingAddress, ShippingMethod } from '@shop/contract/delivery';
import { DISCOUNT_KINDS } from '@shop/contract/discounts';
import { ACTIVITY_KINDS, SEARCH_TERM_MAX_LENGTH } from '@shop/contract/insight';
import { SIZE_SCALE_NAMES, STOCK_REASONS } from '@shop/contract/inventory';
import { REFUND_KINDS } from '@shop/contract/orders';
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
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
export const discountKindEnum = pgEnum('discount_kind', DISCOUNT_KINDS);

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
    /** When the account's second factor (user_totp) was confirmed; null while it is off. */
    twoFactorEnabledAt: timestamp('two_factor_enabled_at', { withTimezone: true }),
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
    // Every sort of the shop page has an index under each filter of category, colour or both, so a page
    // is read in order and stops at its end: without them a cold page of dresses by price sorted 25,000.
    index('products_category_color_price_idx').on(t.category, t.color, t.priceCents, t.id),
    index('products_category_price_idx').on(t.category, t.priceCents, t.id),
    index('products_color_price_idx').on(t.color, t.priceCents, t.id),
    index('products_category_color_rating_idx').on(t.category, t.color, t.rating.desc(), t.id.desc()),
    index('products_category_rating_idx').on(t.category, t.rating.desc(), t.id.desc()),
    index('products_color_rating_idx').on(t.color, t.rating.desc(), t.id.desc()),
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
    /**
     * The discount code the checkout was given (its use held under the same hold id, in
     * discount_code_holds), the code as it was named then, and what it took off the items.
     */
    discountCodeId: uuid('discount_code_id').references(() => discountCodes.id, { onDelete: 'set null' }),
    discountCode: text('discount_code'),
    discountCents: integer('discount_cents').notNull().default(0),
  },
  (t) => [
    // Zero when a code takes the whole of the items off: the shipping chosen on the page is still paid.
    check('checkout_sessions_amount_non_negative', sql`${t.amountCents} >= 0`),
    check(
      'checkout_sessions_discount_range',
      sql`${t.discountCents} >= 0 AND ${t.discountCents} <= ${t.subtotalCents}`,
    ),
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
  /** The discount the shop gave the session (as a coupon on a Stripe session), shown on the page. */
  discountCode: text('discount_code'),
  discountCents: integer('discount_cents').notNull().default(0),
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
 * Products of each category in each colour, kept by statement triggers (migration 0016), so the shop
 * page's total under a category or colour filter reads a few rows instead of counting 25,000 in an index:
 * on a catalogue no cache holds, those counts were most of the database's time for a page.
 */
export const productFacetCounts = pgTable(
  'product_facet_counts',
  {
    category: categoryEnum('category').notNull(),
    color: colorEnum('color').notNull(),
    total: bigint('total', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.category, t.color] })],
);

/**
 * Orders and earnings of each UTC calendar month, kept by statement triggers on orders and refunds
 * (migrations 0003, 0004 and 0022): what the month's orders charged less what was refunded in the month.
 * A month's figures are the sum of its shards: each database connection adds to its own, so concurrent
 * checkouts do not queue for one row until the other commits.
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

/**
 * Every staff action, one row each, written in the transaction of the action where it has one: who
 * (their id and e-mail as they were), when, what, to what, from which address. Append-only: a trigger
 * refuses UPDATE, DELETE and TRUNCATE (migration audit_log_append_only), and no foreign key points out
 * of it, so deleting a user or a product changes none of its rows.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: createdAt(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email').notNull(),
    kind: text('kind').$type<AuditKind>().notNull(),
    targetType: text('target_type').$type<AuditTargetType>().notNull(),
    targetId: text('target_id'),
    /** The target as it was named then (a product's name, a user's e-mail), kept after it is gone. */
    targetLabel: text('target_label').notNull().default(''),
    details: jsonb('details').$type<AuditDetails>().notNull().default({}),
    ip: text('ip').notNull(),
  },
  (t) => [
    // The admin's page lists newest first, filtered by who or what, a page at a time from the last row seen.
    index('audit_log_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    index('audit_log_actor_email_created_at_idx').on(sql`lower(${t.actorEmail})`, t.createdAt.desc(), t.id.desc()),
    index('audit_log_kind_created_at_idx').on(t.kind, t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * A discount code the owner made. Its uses are counted in the row: `uses` are orders made with it, `held`
 * the open checkouts holding a use until they are paid, cancelled or expire. The check on the two is the
 * total limit (as the sizes' `reserved <= on_hand`): a checkout holds a use by adding to `held` in one
 * statement, and a use past the limit ends that statement instead of being read first and written later.
 */
export const discountCodes = pgTable(
  'discount_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** In capitals; shoppers type codes in any case. */
    code: text('code').notNull(),
    kind: discountKindEnum('kind').notNull(),
    /** Whole percent off, for a percentage code. */
    percentOff: smallint('percent_off'),
    /** Cents off, for a fixed-amount code; never more than the items it applies to. */
    amountOffCents: integer('amount_off_cents'),
    /** The items (before the discount and tax) must come to at least this much. */
    minOrderCents: integer('min_order_cents').notNull().default(0),
    /** Only the cart's lines of this category are discounted; null: every line. */
    category: categoryEnum('category'),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    maxUses: integer('max_uses'),
    maxUsesPerCustomer: integer('max_uses_per_customer'),
    paused: boolean('paused').notNull().default(false),
    uses: integer('uses').notNull().default(0),
    held: integer('held').notNull().default(0),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('discount_codes_code_key').on(t.code),
    index('discount_codes_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    check(
      'discount_codes_value',
      sql`(${t.kind} = 'percentage' AND ${t.percentOff} BETWEEN 1 AND 100 AND ${t.amountOffCents} IS NULL) OR (${t.kind} = 'fixed' AND ${t.amountOffCents} > 0 AND ${t.percentOff} IS NULL)`,
    ),
    check('discount_codes_min_order_non_negative', sql`${t.minOrderCents} >= 0`),
    check('discount_codes_dates', sql`${t.startsAt} IS NULL OR ${t.endsAt} IS NULL OR ${t.endsAt} > ${t.startsAt}`),
    check(
      'discount_codes_limits_positive',
      sql`(${t.maxUses} IS NULL OR ${t.maxUses} > 0) AND (${t.maxUsesPerCustomer} IS NULL OR ${t.maxUsesPerCustomer} > 0)`,
    ),
    check(
      'discount_codes_uses_range',
      sql`${t.uses} >= 0 AND ${t.held} >= 0 AND (${t.maxUses} IS NULL OR ${t.uses} + ${t.held} <= ${t.maxUses})`,
    ),
  ],
);

/**
 * One customer's uses of one code, counted as the code's are. `max_uses` is the code's per-customer limit
 * as of this customer's last hold (a check cannot read another table): each hold copies it in the same
 * statement, so the check holds the limit in force when the customer checks out.
 */
export const discountCodeCustomers = pgTable(
  'discount_code_customers',
  {
    codeId: uuid('code_id')
      .notNull()
      .references(() => discountCodes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    uses: integer('uses').notNull().default(0),
    held: integer('held').notNull().default(0),
    maxUses: integer('max_uses'),
  },
  (t) => [
    primaryKey({ columns: [t.codeId, t.userId] }),
    index('discount_code_customers_user_id_idx').on(t.userId),
    check(
      'discount_code_customers_uses_range',
      sql`${t.uses} >= 0 AND ${t.held} >= 0 AND (${t.maxUses} IS NULL OR ${t.uses} + ${t.held} <= ${t.maxUses})`,
    ),
  ],
);

/**
 * The use of a code one checkout holds, under the checkout's hold id (as its stock reservations): it ends
 * once, paid in the order's transaction or cancelled or expired with the stock, by a conditional update of
 * its status that moves the counts in the same statement.
 */
export const discountCodeHolds = pgTable(
  'discount_code_holds',
  {
    holdId: uuid('hold_id').primaryKey(),
    codeId: uuid('code_id')
      .notNull()
      .references(() => discountCodes.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    status: reservationStatusEnum('status').notNull().default('active'),
    discountCents: integer('discount_cents').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
  },
  (t) => [
    index('discount_code_holds_active_expires_at_idx').on(t.expiresAt).where(sql`${t.status} = 'active'`),
    index('discount_code_holds_code_id_idx').on(t.codeId),
  ],
);

/**
 * An account's TOTP secret, sealed (AES-256-GCM under a key the shop keeps in app_secrets), from the
 * moment enrolment starts; it counts only once users.two_factor_enabled_at is set. The last time step
 * a code was accepted for is moved forward by one conditional update, so a code works once.
 */
export const userTotp = pgTable('user_totp', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
});

/** Single-use recovery codes of an account's second factor: only their SHA-256 is kept. */
export const totpRecoveryCodes = pgTable(
  'totp_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    createdAt: createdAt(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [unique('totp_recovery_codes_user_code_key').on(t.userId, t.codeHash)],
);

/**
 * The step between a right password and the code: a login of an account with a second factor answers
 * this challenge's token (only its hash is kept) instead of a session; it works once, for a few minutes.
 */
export const loginChallenges = pgTable(
  'login_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('login_challenges_user_id_idx').on(t.userId)],
);

export const activityKindEnum = pgEnum('activity_kind', ACTIVITY_KINDS);

/**
 * Per UTC day, the orders made and what they charged, and what was refunded that day (of any order): kept
 * by statement triggers on orders and refunds (migrations 0014 and 0022), so the sales insight reads a row
 * per day (and shard) instead of every order of a range. Each database connection adds to its own shard, as
 * the month totals do.
 */
export const orderDayTotals = pgTable(
  'order_day_totals',
  {
    day: date('day').notNull(),
    shard: smallint('shard').notNull().default(0),
    orders: bigint('orders', { mode: 'number' }).notNull().default(0),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull().default(0),
    refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.shard] })],
);

/**
 * Units and item revenue of each product per UTC day, kept by triggers on order_items and orders (migration
 * 0014). No foreign key: a deleted product's sales still count, under the name it was sold as.
 */
export const productDayTotals = pgTable(
  'product_day_totals',
  {
    day: date('day').notNull(),
    productId: uuid('product_id').notNull(),
    shard: smallint('shard').notNull().default(0),
    /** The product's category when it first sold that day; null if it was already gone. */
    category: categoryEnum('category'),
    name: text('name').notNull(),
    units: integer('units').notNull().default(0),
    revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.productId, t.shard] }),
    // A product's days in a row with their figures: the top products of a range are summed from it in
    // product order (no hash table of every product sold), without reading the table.
    index('product_day_totals_product_idx').on(t.productId, t.day, t.units, t.revenueCents),
  ],
);

/**
 * What each category sold per UTC day: the product day totals' rows summed by category, kept from them by
 * triggers (migration 0017), so a year's revenue by category reads a few thousand rows, not every product
 * sold. Sharded by database connection like the day totals.
 */
export const categoryDayTotals = pgTable(
  'category_day_totals',
  {
    day: date('day').notNull(),
    category: categoryEnum('category').notNull(),
    shard: smallint('shard').notNull().default(0),
    units: bigint('units', { mode: 'number' }).notNull().default(0),
    revenueCents: bigint('revenue_cents', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.category, t.shard] })],
);

/**
 * How often each of the shop's counted requests happened per UTC day. Counted in each instance's memory and
 * added here in batches (modules/insight/activity-counter.ts): increments, so instances never overwrite
 * each other. Nothing of who asked is kept.
 */
export const activityDayCounts = pgTable(
  'activity_day_counts',
  {
    day: date('day').notNull(),
    kind: activityKindEnum('kind').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind] })],
);

/** Searches that found nothing, per UTC day and normalised term; added to in batches like activity_day_counts. */
export const searchMissDayCounts = pgTable(
  'search_miss_day_counts',
  {
    day: date('day').notNull(),
    term: text('term').notNull(),
    count: bigint('count', { mode: 'number' }).notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.term] }),
    check(
      'search_miss_day_counts_term_length',
      sql`char_length(${t.term}) BETWEEN 1 AND ${sql.raw(String(SEARCH_TERM_MAX_LENGTH))}`,
    ),
  ],
);
