import { ORDER_CLOSED_STATUSES } from '@shop/contract/constants';
import {
  ALL_ORDERS_DEFAULT_LIMIT,
  ALL_ORDERS_UNPAGED_CAP,
  ORDER_MESSAGES,
  type Order,
  type OrderStatusUpdateRequest,
} from '@shop/contract/orders';
import type { Queryable } from '../../db/client';
import { requireAdminPower, type SessionUser } from '../../platform/auth-guard';
import type { ServiceContext } from '../../platform/context';
import { conflict, notFound, unauthorised } from '../../platform/errors';
import { enqueueMail, shippedMailEventKey, trackingTag } from '../../platform/mail-jobs';
import { orderIdOfLinkToken, orderLinkKey } from '../../platform/order-link';
import { auditActorOf, recordAudit } from '../audit/audit.service';
import { toOrderDtos } from './orders.dto';
import {
  claimOrdersOfEmail,
  countOrders,
  deleteOrder as deleteOrderRow,
  findOrderById,
  itemsOfOrders,
  listOrders,
  listOrdersByEmail,
  listOrdersOfUser,
  lockOrder,
  type OrderRow,
  refundsOfOrders,
  updateOrderStatus as updateOrderStatusRow,
} from './orders.queries';

function actorOf(ctx: ServiceContext): SessionUser {
  if (!ctx.actor) throw unauthorised();
  return ctx.actor;
}

const ORDERS_OF_OTHERS = 'You can only see your own orders';

const sameEmail = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

/** An order belongs to its e-mail address, and to the account that paid for it too. */
/**
 * An order is an account's when the account placed it or took it over: the same e-mail alone is not
 * enough, or registering with a guest's e-mail would open that guest's orders without confirming it.
 */
function owns(user: SessionUser, order: OrderRow): boolean {
  return order.userId === user.id;
}

async function withItems(ctx: ServiceContext, rows: OrderRow[]): Promise<Order[]> {
  const ids = rows.map((r) => r.id);
  const [items, refunds] = await Promise.all([itemsOfOrders(ctx.db, ids), refundsOfOrders(ctx.db, ids)]);
  return toOrderDtos(rows, items, refunds);
}

export async function ordersByEmail(ctx: ServiceContext, email: string): Promise<Order[]> {
  const user = actorOf(ctx);
  // A customer's own e-mail lists the account's orders; an admin may list every order of any e-mail.
  if (sameEmail(user.email, email)) return withItems(ctx, await listOrdersOfUser(ctx.db, user.id));
  requireAdminPower(ctx.adminPower, ORDERS_OF_OTHERS);
  return withItems(ctx, await listOrdersByEmail(ctx.db, email));
}

export async function orderById(ctx: ServiceContext, id: string): Promise<Order> {
  const user = actorOf(ctx);
  const row = await findOrderById(ctx.db, id);
  if (!row) throw notFound(ORDER_MESSAGES.notFound);
  if (!owns(user, row)) requireAdminPower(ctx.adminPower, ORDERS_OF_OTHERS);
  return (await withItems(ctx, [row]))[0] as Order;
}

/**
 * An account whose e-mail was just confirmed takes over the orders placed with that e-mail without an
 * account (never before: the confirmation is what proves the orders are its owner's).
 */
export function claimGuestOrders(tx: Queryable, account: { userId: string; email: string }, now: Date) {
  return claimOrdersOfEmail(tx, account.userId, account.email, now);
}

/**
 * A guest's order, read through its order link without logging in: the token names that one order and
 * no other; a changed or made-up token finds nothing.
 */
export async function guestOrder(ctx: ServiceContext, token: string): Promise<Order> {
  const orderId = orderIdOfLinkToken(await orderLinkKey(ctx.db), token);
  const row = orderId ? await findOrderById(ctx.db, orderId) : undefined;
  if (!row) throw notFound(ORDER_MESSAGES.notFound);
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

/**
 * The customer learns of the shipment and of every carrier and tracking number it gets: a shipped mail
 * is due when the order becomes shipped, and again when a shipped order's tracking is added or corrected.
 */
function shippedMailDue(before: OrderRow, after: OrderRow): boolean {
  if (after.status !== 'shipped') return false;
  return before.status !== 'shipped' || trackingTag(before) !== trackingTag(after);
}

/**
 * The admin's status modal. Shipped stores the carrier and tracking number and queues the shipped mail
 * it makes due in the same transaction. A cancelled or refunded order is closed: its status came from
 * giving the money back and the modal cannot change it.
 */
export async function updateOrderStatus(
  ctx: ServiceContext,
  id: string,
  change: OrderStatusUpdateRequest,
): Promise<Order> {
  const actor = auditActorOf(ctx);
  const row = await ctx.db.transaction(async (tx) => {
    const before = await lockOrder(tx, id);
    if (!before) throw notFound(ORDER_MESSAGES.notFound);
    if ((ORDER_CLOSED_STATUSES as readonly string[]).includes(before.status)) {
      throw conflict(`This order is ${before.status}; its status can no longer be changed`);
    }
    const shipped = change.status === 'shipped';
    const updated = await updateOrderStatusRow(
      tx,
      id,
      { status: change.status, ...(shipped ? { carrier: change.carrier, trackingNumber: change.trackingNumber } : {}) },
      new Date(),
    );
    if (updated && shippedMailDue(before, updated)) await enqueueMail(ctx.jobs, tx, shippedMailEventKey(id, updated));
    await recordAudit(tx, actor, {
      kind: 'order.status_changed',
      target: { type: 'order', id, label: before.orderId },
      details: {
        changes: { status: { before: before.status, after: change.status } },
        ...(shipped ? { carrier: change.carrier ?? null, trackingNumber: change.trackingNumber ?? null } : {}),
      },
    });
    return updated;
  });
  if (!row) throw notFound(ORDER_MESSAGES.notFound);
  ctx.log.info({ orderId: id, status: change.status }, 'order status updated');
  return (await withItems(ctx, [row]))[0] as Order;
}

export async function deleteOrder(ctx: ServiceContext, id: string): Promise<void> {
  const actor = auditActorOf(ctx);
  await ctx.db.transaction(async (tx) => {
    const deleted = await deleteOrderRow(tx, id);
    if (!deleted) throw notFound(ORDER_MESSAGES.notFound);
    await recordAudit(tx, actor, {
      kind: 'order.deleted',
      target: { type: 'order', id, label: deleted.orderId },
      details: { email: deleted.email, status: deleted.status, amountCents: deleted.amountCents },
    });
  });
  ctx.log.info({ orderId: id }, 'order deleted');
}
