import type { OrderStatus } from '@shop/contract/constants';
import { ALL_ORDERS_DEFAULT_LIMIT, ALL_ORDERS_UNPAGED_CAP, ORDER_MESSAGES, type Order } from '@shop/contract/orders';
import type { ServiceContext } from '../../platform/context';
import { forbidden, notFound, unauthorised } from '../../platform/errors';
import type { SessionUser } from '../auth/sessions.service';
import { toOrderDto, toOrderDtos } from './orders.dto';
import {
  countOrders,
  deleteOrder as deleteOrderRow,
  findOrderById,
  itemsOfOrders,
  listOrders,
  listOrdersByEmail,
  type OrderRow,
  refundsOfOrders,
  updateOrderStatus as updateOrderStatusRow,
} from './orders.queries';

function actorOf(ctx: ServiceContext): SessionUser {
  if (!ctx.actor) throw unauthorised();
  return ctx.actor;
}

const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** SPEC.md 3: ownership is by e-mail; the account that paid owns the order too. */
function owns(user: SessionUser, order: OrderRow): boolean {
  return order.userId === user.id || sameEmail(order.email, user.email);
}

async function withItems(ctx: ServiceContext, rows: OrderRow[]): Promise<Order[]> {
  const ids = rows.map((r) => r.id);
  const [items, refunds] = await Promise.all([itemsOfOrders(ctx.db, ids), refundsOfOrders(ctx.db, ids)]);
  return toOrderDtos(rows, items, refunds);
}

export async function ordersByEmail(ctx: ServiceContext, email: string): Promise<Order[]> {
  const user = actorOf(ctx);
  if (user.role !== 'admin' && !sameEmail(user.email, email)) throw forbidden('You can only see your own orders');
  return withItems(ctx, await listOrdersByEmail(ctx.db, email));
}

export async function orderById(ctx: ServiceContext, id: string): Promise<Order> {
  const user = actorOf(ctx);
  const row = await findOrderById(ctx.db, id);
  if (!row) throw notFound(ORDER_MESSAGES.notFound);
  if (user.role !== 'admin' && !owns(user, row)) throw forbidden('You can only see your own orders');
  return (await withItems(ctx, [row]))[0] as Order;
}

/** Newest first. Without page and limit: the newest ALL_ORDERS_UNPAGED_CAP orders. */
export async function allOrders(
  ctx: ServiceContext,
  query: { page?: number | undefined; limit?: number | undefined },
): Promise<{ orders: Order[]; total: number }> {
  const paged = query.page !== undefined || query.limit !== undefined;
  const limit = paged ? (query.limit ?? ALL_ORDERS_DEFAULT_LIMIT) : ALL_ORDERS_UNPAGED_CAP;
  const offset = paged ? ((query.page ?? 1) - 1) * limit : 0;
  const [rows, total] = await Promise.all([listOrders(ctx.db, { limit, offset }), countOrders(ctx.db)]);
  return { orders: await withItems(ctx, rows), total };
}

export async function updateOrderStatus(ctx: ServiceContext, id: string, status: OrderStatus): Promise<Order> {
  const row = await updateOrderStatusRow(ctx.db, id, status, new Date());
  if (!row) throw notFound(ORDER_MESSAGES.notFound);
  ctx.log.info({ orderId: id, status }, 'order status updated');
  return (await withItems(ctx, [row]))[0] as Order;
}

export async function deleteOrder(ctx: ServiceContext, id: string): Promise<void> {
  if (!(await deleteOrderRow(ctx.db, id))) throw notFound(ORDER_MESSAGES.notFound);
  ctx.log.info({ orderId: id }, 'order deleted');
}
