import type { Queryable } from '../../db/client';
import {
  findOrdersWithLines,
  findOrderWithLines,
  type OrderLineFields,
  type OrderRow,
  refundsOfOrders,
} from './orders.queries';

/*
 * What the orders module lets other modules read of an order: its row, its lines and its refunds, as the
 * mails show them. It stands apart from orders.service so the mail thread loads these reads alone, not the
 * rules of changing an order.
 */

export type { OrderLineFields, OrderRow };

/** An order with its lines, or nothing when it was deleted. */
export function orderWithLines(
  db: Queryable,
  id: string,
): Promise<{ order: OrderRow; lines: OrderLineFields[] } | undefined> {
  return findOrderWithLines(db, id);
}

/** Orders with their lines, by id, read together for a batch of mails. */
export function ordersWithLines(
  db: Queryable,
  ids: readonly string[],
): Promise<Map<string, { order: OrderRow; lines: OrderLineFields[] }>> {
  return findOrdersWithLines(db, ids);
}

/** The refunds of the given orders, oldest first. */
export function orderRefunds(db: Queryable, orderIds: string[]) {
  return refundsOfOrders(db, orderIds);
}
