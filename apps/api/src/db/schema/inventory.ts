import { STOCK_REASONS } from '@shop/contract/inventory';
import { sql } from 'drizzle-orm';
import {
  bigserial,
  check,
  foreignKey,
  index,
  integer,
  pgEnum,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { colorEnum, productColours, products } from './catalogue';
import { createdAt, updatedAt } from './columns';

// Stock: each product's sizes, every change to them and what open checkouts hold.

export const stockReasonEnum = pgEnum('stock_reason', STOCK_REASONS);
export const reservationStatusEnum = pgEnum('reservation_status', ['active', 'paid', 'cancelled', 'expired']);

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
    /** The colour it is of: a size of a colour is what is held and sold. */
    color: colorEnum('color').notNull(),
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
    unique('product_variants_product_color_size_key').on(t.productId, t.color, t.size),
    foreignKey({
      name: 'product_variants_colour_fk',
      columns: [t.productId, t.color],
      foreignColumns: [productColours.productId, productColours.color],
    })
      .onDelete('cascade')
      .onUpdate('cascade'),
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
    // A size deleted with its product takes its holds with it: found by this, not a scan of every hold.
    index('stock_reservations_variant_id_idx').on(t.variantId),
    index('stock_reservations_active_expires_at_idx').on(t.expiresAt).where(sql`${t.status} = 'active'`),
  ],
);
