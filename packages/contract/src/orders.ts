import { z } from 'zod';
import { emailSchema, idSchema, timestampSchema } from './common';
import { ALL_ORDER_STATUSES, MAX_CART_LINE_QUANTITY, MAX_CART_LINES, ORDER_STATUSES } from './constants';
import { orderShippingSchema } from './delivery';
import { sizeSchema } from './inventory';
import { colorSchema } from './products';

export const orderStatusSchema = z.enum(ALL_ORDER_STATUSES);
/** What the admin's status modal may set: cancelled and refunded come only from giving the money back. */
export const trackedOrderStatusSchema = z.enum(ORDER_STATUSES, {
  message: `Status must be one of ${ORDER_STATUSES.join(', ')}`,
});

export const REFUND_KINDS = ['refund', 'cancellation'] as const;
export const orderRefundSchema = z.object({
  _id: idSchema,
  kind: z.enum(REFUND_KINDS),
  /** Dollars. */
  amount: z.number(),
  reason: z.string(),
  createdAt: timestampSchema,
});
export type OrderRefund = z.infer<typeof orderRefundSchema>;

export const orderItemSchema = z.object({
  /** The line's own id, which a refund names to put its pieces back in stock. */
  _id: idSchema,
  productId: idSchema.nullable(),
  name: z.string(),
  image: z.string(),
  price: z.number(),
  quantity: z.number().int(),
  /** The size bought; null on orders from before the shop had sizes. */
  size: z.string().nullable(),
  /** The colour bought (its name as the shop showed it); null on orders from before colours. */
  colour: z.string().nullable(),
  sku: z.string().nullable(),
});
export type OrderItem = z.infer<typeof orderItemSchema>;

/** The discount code an order was bought with, as it was then, and what it took off the items. */
export const orderDiscountSchema = z.object({
  code: z.string(),
  /** Dollars taken off the items, before tax. */
  amount: z.number(),
});
export type OrderDiscount = z.infer<typeof orderDiscountSchema>;

export const orderSchema = z.object({
  _id: idSchema,
  orderId: z.string(),
  amount: z.number(),
  subtotal: z.number(),
  /** Null on orders bought without a code; tax is on the subtotal less the discount. */
  discount: orderDiscountSchema.nullable(),
  tax: z.number(),
  /** Null on orders from before the shop asked for an address. */
  shipping: orderShippingSchema.nullable(),
  status: orderStatusSchema,
  email: z.string(),
  products: z.array(orderItemSchema),
  /** Set with the status shipped: who carries the parcel and its tracking number. */
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  /** Dollars given back so far; the amount less this is what the shop kept. */
  refunded: z.number(),
  refunds: z.array(orderRefundSchema),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Order = z.infer<typeof orderSchema>;

/**
 * Only `_id`, `quantity`, the colour (`colour`) and the size (`size`), or instead of both the `sku`, of a
 * cart item are read; the rest comes from the catalogue. A product with one size needs no size, and one
 * without a colour chosen is of its first colour, so the original client's cart still checks out.
 */
export const checkoutItemSchema = z
  .object({
    _id: idSchema,
    quantity: z
      .number({ message: 'Quantity must be a number' })
      .int('Quantity must be a whole number')
      .min(1, 'Quantity must be at least 1')
      .max(MAX_CART_LINE_QUANTITY, `Quantity must be at most ${MAX_CART_LINE_QUANTITY}`),
    size: sizeSchema.optional(),
    colour: colorSchema.optional(),
    sku: z.string().trim().min(1).max(64).optional(),
  })
  .loose();

export const checkoutRequestSchema = z.object({
  product: z
    .array(checkoutItemSchema, { message: 'The cart must be a list of products' })
    .min(1, 'The cart is empty')
    .max(MAX_CART_LINES, `A cart holds at most ${MAX_CART_LINES} products`)
    .refine(
      (items) =>
        new Set(items.map((i) => `${i._id}|${i.sku ?? `${i.colour ?? ''}|${i.size ?? ''}`}`)).size === items.length,
      'Each product may appear in the cart only once per colour and size',
    ),
  userId: z.string().optional(),
  /**
   * A guest's e-mail, given with the cart: the provider's page then asks for none, and a discount code's
   * limit per customer is counted against it (a guest needs it to use a code). Ignored for a customer,
   * whose account's e-mail is used.
   */
  email: emailSchema.optional(),
  /**
   * A discount code typed in the cart panel (any case; empty is none). The server checks it against the
   * cart and prices the discount itself; a code it refuses answers why (`discountProblem`).
   */
  discountCode: z
    .string({ message: 'The discount code must be text' })
    .trim()
    .max(64, 'That is not a discount code')
    .optional(),
});
export type CheckoutRequest = z.infer<typeof checkoutRequestSchema>;

export const checkoutResponseSchema = z.object({ id: z.string(), url: z.string() });
export type CheckoutResponse = z.infer<typeof checkoutResponseSchema>;

export const confirmPaymentRequestSchema = z.object({
  session_id: z.string({ message: 'session_id is required' }).trim().min(1, 'session_id is required').max(255),
});
export const orderResponseSchema = z.object({
  order: orderSchema,
  /** For an order placed without an account: the token of its order link (read without logging in). */
  orderToken: z.string().optional(),
});
export const guestOrderParamsSchema = z.object({ token: z.string().max(200) });

export const ordersListResponseSchema = z.array(orderSchema);
export const allOrdersQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).optional(),
  limit: z.coerce.number().int().min(1).max(100).optional(),
});

const trackingText = (what: string) =>
  z
    .string({ message: `${what} must be text` })
    .trim()
    .min(1, `${what} is required`)
    .max(100, `${what} must be at most 100 characters`);

/**
 * The admin page asks for the carrier and tracking number when it sets shipped (the shipped mail carries
 * them); the API also takes a bare status, as the original admin client sends it.
 */
export const orderStatusUpdateRequestSchema = z.object({
  status: trackedOrderStatusSchema,
  carrier: trackingText('Carrier').optional(),
  trackingNumber: trackingText('Tracking number').optional(),
});
export type OrderStatusUpdateRequest = z.infer<typeof orderStatusUpdateRequestSchema>;

/**
 * A refund of part of an order (an amount in cents, at most what is left) or its cancellation (all
 * that is left, every line back to stock). Lines named in `restock` go back to stock with the refund.
 */
export const refundRequestSchema = z.object({
  kind: z.enum(REFUND_KINDS),
  amountCents: z
    .number({ message: 'Amount must be a number of cents' })
    .int('Amount must be a whole number of cents')
    .positive('Amount must be greater than 0')
    .optional(),
  reason: z.string().trim().max(200, 'Reason must be at most 200 characters').default(''),
  restock: z
    .array(z.object({ itemId: idSchema, quantity: z.number().int().min(1).max(MAX_CART_LINE_QUANTITY) }))
    .max(MAX_CART_LINES)
    .default([]),
});
export type RefundRequest = z.input<typeof refundRequestSchema>;
export const refundResponseSchema = z.object({ message: z.string(), order: orderSchema });

export const PAYMENT_PROVIDERS = ['builtin', 'stripe'] as const;
export type PaymentProviderKind = (typeof PAYMENT_PROVIDERS)[number];

export const paymentConfigResponseSchema = z.object({
  provider: z.enum(PAYMENT_PROVIDERS),
  publishableKey: z.string().nullable(),
});
export type PaymentConfig = z.infer<typeof paymentConfigResponseSchema>;

/** GET /api/orders/order/:id answers the order itself. */
export const orderDetailResponseSchema = orderSchema;

export const ordersByEmailParamsSchema = z.object({
  email: z.email({ message: 'Invalid e-mail address' }).max(254, 'Invalid e-mail address'),
});

/**
 * GET /api/orders without `page`/`limit` answers the newest orders up to this cap (the admin table
 * reads one list); with either it answers that page, `limit` defaulting as below. Every answer
 * carries the total in the X-Total-Count header.
 */
export const ALL_ORDERS_UNPAGED_CAP = 1000;
export const ALL_ORDERS_DEFAULT_LIMIT = 20;
export const TOTAL_COUNT_HEADER = 'x-total-count';

export const ORDER_MESSAGES = {
  statusUpdated: 'Order status updated successfully!',
  deleted: 'Order deleted successfully',
  notFound: 'Order not found',
  unpaid: 'Payment has not been completed for this session',
  expired: 'This checkout session has expired. Please check out again.',
  unknownSession: 'Checkout session not found',
  guestEmailForCode: 'Enter your email to use a discount code without an account.',
  refunded: 'Refund issued',
  cancelled: 'Order cancelled and refunded',
  nothingToRefund: 'Nothing is left to refund on this order',
  overRefund: 'The refund is larger than what is left to refund',
} as const;

export const orderStatusUpdateResponseSchema = z.object({ message: z.string(), order: orderSchema });
export const webhookResponseSchema = z.object({ received: z.boolean() });

/**
 * Where the hosted checkout's Cancel leads once the stock is given back: the shop, which tells the
 * shopper their cart is kept.
 */
export const CHECKOUT_CANCELLED_PARAM = { name: 'checkout', value: 'cancelled' } as const;
export const CHECKOUT_CANCELLED_RETURN = `/shop?${CHECKOUT_CANCELLED_PARAM.name}=${CHECKOUT_CANCELLED_PARAM.value}`;

/** Stripe's placeholder in a success URL; the builtin provider fills it the same way. */
export const CHECKOUT_SESSION_ID_PLACEHOLDER = '{CHECKOUT_SESSION_ID}';

/** Cards of the builtin test-mode checkout, as Stripe's test cards behave. */
export const TEST_CARDS = { pays: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' } as const;
