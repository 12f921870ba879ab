import { RETURN_LINE_STATUSES, RETURN_OUTCOMES, RETURN_REASONS, RETURN_STATUSES } from '@shop/contract/returns';
import { sql } from 'drizzle-orm';
import { bigserial, boolean, check, index, integer, pgEnum, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt, updatedAt } from './columns';
import { productVariants } from './inventory';
import { orderItems, orders, refunds } from './orders';

// Returns and exchanges: a customer's request for lines of an order, and the owner's decision on each.

export const returnStatusEnum = pgEnum('return_status', RETURN_STATUSES);
export const returnLineStatusEnum = pgEnum('return_line_status', RETURN_LINE_STATUSES);
export const returnReasonEnum = pgEnum('return_reason', RETURN_REASONS);
export const returnOutcomeEnum = pgEnum('return_outcome', RETURN_OUTCOMES);

export const returns = pgTable(
  'returns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The return's number as the customer writes it on the parcel ("R" and this). */
    number: bigserial('number', { mode: 'number' }).notNull().unique(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** Who asked: the order's account; the e-mail the return's mails go to. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    email: text('email').notNull(),
    status: returnStatusEnum('status').notNull().default('requested'),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('returns_order_id_idx').on(t.orderId),
    index('returns_user_id_idx').on(t.userId),
    index('returns_status_created_at_idx').on(t.status, t.createdAt.desc()),
    index('returns_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
  ],
);

export const returnLines = pgTable(
  'return_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    returnId: uuid('return_id')
      .notNull()
      .references(() => returns.id, { onDelete: 'cascade' }),
    orderItemId: uuid('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    reason: returnReasonEnum('reason').notNull(),
    note: text('note').notNull().default(''),
    outcome: returnOutcomeEnum('outcome').notNull(),
    /** For an exchange: the size sent instead, held from the request until it ships (`exchangeHoldId`). */
    exchangeVariantId: uuid('exchange_variant_id').references(() => productVariants.id, { onDelete: 'set null' }),
    exchangeSize: text('exchange_size'),
    exchangeColour: text('exchange_colour'),
    exchangeHoldId: uuid('exchange_hold_id'),
    status: returnLineStatusEnum('status').notNull().default('pending'),
    /** Given back for this line: its share of what was charged, or an exchange's price difference. */
    refundedCents: integer('refunded_cents'),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'set null' }),
    /** A damaged piece is accepted without going back to stock. */
    damaged: boolean('damaged').notNull().default(false),
    rejectReason: text('reject_reason'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    decidedBy: uuid('decided_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    check('return_lines_quantity_range', sql`${t.quantity} BETWEEN 1 AND 99`),
    check('return_lines_refunded_non_negative', sql`${t.refundedCents} IS NULL OR ${t.refundedCents} >= 0`),
    index('return_lines_return_id_idx').on(t.returnId),
    index('return_lines_order_item_id_idx').on(t.orderItemId),
    index('return_lines_exchange_variant_id_idx').on(t.exchangeVariantId),
    index('return_lines_refund_id_idx').on(t.refundId),
    index('return_lines_decided_by_idx').on(t.decidedBy),
  ],
);
