import type { checkoutSessions, orderItems, orders, refunds } from '../../db/schema';

/** The orders' rows and what an order's page shows of them, which every query file of the module returns. */
export type OrderRow = typeof orders.$inferSelect;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type CheckoutSessionRow = typeof checkoutSessions.$inferSelect;
export type OrderRefundRow = typeof refunds.$inferSelect;
/** What an order's page shows of a line. */
export type OrderLineFields = Pick<
  OrderItemRow,
  'id' | 'productId' | 'name' | 'image' | 'unitPriceCents' | 'quantity' | 'size' | 'colour' | 'sku'
>;
/** What an order's page shows of a refund. */
export type OrderRefundFields = Pick<OrderRefundRow, 'id' | 'kind' | 'status' | 'amountCents' | 'reason' | 'createdAt'>;
