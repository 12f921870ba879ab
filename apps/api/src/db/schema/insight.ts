import { ACTIVITY_KINDS, SEARCH_TERM_MAX_LENGTH } from '@shop/contract/insight';
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import { categoryEnum } from './catalogue';

// Totals kept as orders, products and requests come in, so the shop's figures read a few rows.

export const activityKindEnum = pgEnum('activity_kind', ACTIVITY_KINDS);

/**
 * Rows in each counted table (products, reviews, users), kept by statement triggers written in
 * migration 0003, so the shop's totals never count 100,000 rows on a request.
 */
export const tableCounts = pgTable('table_counts', {
  tableName: text('table_name').primaryKey(),
  total: bigint('total', { mode: 'number' }).notNull().default(0),
});

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
