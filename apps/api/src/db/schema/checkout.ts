import type { ShippingAddress, ShippingMethod } from '@shop/contract/delivery';
import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgEnum, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './accounts';
import { createdAt } from './columns';
import { discountCodes } from './discounts';

// Checkout: the sessions opened with the payment provider and the builtin provider's own storage.

export const checkoutStatusEnum = pgEnum('checkout_status', ['open', 'paid', 'expired']);

/** The shop's own record of every hosted checkout session it opened with the payment provider. */
export const checkoutSessions = pgTable(
  'checkout_sessions',
  {
    id: text('id').primaryKey(),
    provider: text('provider').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * Whom the order's mails go to: the customer's e-mail, or the one a guest gave with the cart; null for
     * a guest who gives it on the provider's page, which the paid session then tells.
     */
    email: text('email'),
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
  /** Null for a guest who gave none with the cart: the page then asks, and the payment keeps it. */
  customerEmail: text('customer_email'),
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
