/*
 * What the orders module lets the flows do with a checkout session's record: read it (by its id, its
 * hold, or those still without an order) and make its order once. The SQL stays in orders.queries.
 */

export { toOrderDto } from './orders.dto';
export {
  type CheckoutSessionRow,
  type CheckoutSessionWithOrder,
  createOrderOnce,
  findCheckoutSession,
  findCheckoutSessionByHold,
  findCheckoutSessionWithOrder,
  unfulfilledCheckoutSessions,
} from './orders.queries';
