import { DISCOUNT_KINDS } from '@shop/contract/discounts';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { categoryEnum } from './catalogue';
import { createdAt, updatedAt } from './columns';
import { reservationStatusEnum } from './inventory';

// Discount codes and the uses customers and checkouts hold of them.

export const discountKindEnum = pgEnum('discount_kind', DISCOUNT_KINDS);

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
    /** The customer's e-mail, lower-cased: a guest and an account with the same e-mail are one customer. */
    customer: text('customer').notNull(),
    uses: integer('uses').notNull().default(0),
    held: integer('held').notNull().default(0),
    maxUses: integer('max_uses'),
  },
  (t) => [
    primaryKey({ columns: [t.codeId, t.customer] }),
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
    /** The customer whose count the hold moved (discount_code_customers.customer). */
    customer: text('customer'),
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
