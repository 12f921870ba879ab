import { ORDER_MESSAGES } from '@shop/contract/orders';
import {
  type OrderReturnsResponse,
  RETURN_MESSAGES,
  type Return,
  type ReturnsListResponse,
  returnNumberOf,
  type returnRequestSchema,
  type returnsQuerySchema,
} from '@shop/contract/returns';
import type { z } from 'zod';
import { requireAdminPower } from '../../platform/auth-guard';
import type { ServiceContext } from '../../platform/context';
import { conflict, notFound, unauthorised } from '../../platform/errors';
import { enqueueMail, mailEventKey } from '../../platform/mail-jobs';
import { auditActorOf, recordAudit } from '../audit/audit.service';
import { returnById, returnsByIds } from './return-reads.service';
import { requestReturn } from './return-requests.service';
import { exchangeChoicesOf, returnableOf, returnableUntil, whyNotReturnable } from './return-rules';
import * as queries from './returns.queries';

// Returns as the customer and the owner read them, and the owner marking a parcel received.

export { returnById, returnOfLine, returnsByIds } from './return-reads.service';

/**
 * Someone else's return or order is read only with admin power; to anyone else it does not exist. An
 * admin the admin gate stopped (no second factor yet) gets the gate's answer.
 */
const RETURNS_OF_OTHERS = 'You can only see your own returns';

/** A return, to the customer whose return it is or to an admin. */
export async function returnForViewer(ctx: ServiceContext, id: string): Promise<Return> {
  const viewer = ctx.actor;
  if (!viewer) throw unauthorised();
  const [row] = await queries.returnsByIds(ctx.db, [id]);
  if (!row) throw notFound(RETURN_MESSAGES.notFound);
  if (row.userId !== viewer.id) requireAdminPower(ctx.adminPower, RETURNS_OF_OTHERS);
  const found = await returnById(ctx.db, id);
  if (!found) throw notFound(RETURN_MESSAGES.notFound);
  return found;
}

/**
 * An order's returns and what more may be asked of it: until when, or why not, and for each line how
 * many are left to return and which sizes it may be exchanged for now.
 */
export async function orderReturns(ctx: ServiceContext, orderId: string): Promise<OrderReturnsResponse> {
  const viewer = ctx.actor;
  if (!viewer) throw unauthorised();
  const order = await queries.findOrder(ctx.db, orderId);
  if (!order) throw notFound(ORDER_MESSAGES.notFound);
  if (order.userId !== viewer.id) requireAdminPower(ctx.adminPower, RETURNS_OF_OTHERS);
  const windowDays = ctx.config.returns.windowDays;
  const [bought, asked, ids] = await Promise.all([
    queries.linesOfOrder(ctx.db, order.id),
    queries.askedByLine(ctx.db, order.id),
    queries.returnIdsOfOrder(ctx.db, order.id),
  ]);
  const reason = whyNotReturnable(order, windowDays, new Date());
  const sizes = reason
    ? []
    : await queries.sizesOfProducts(
        ctx.db,
        bought.flatMap((b) => (b.productId ? [b.productId] : [])),
      );
  return {
    returns: await returnsByIds(ctx.db, ids),
    returnableUntil: reason ? null : (returnableUntil(order, windowDays)?.toISOString() ?? null),
    reason,
    lines: bought.map((line) => ({
      itemId: line.id,
      name: line.name,
      size: line.size,
      colour: line.colour,
      bought: line.quantity,
      returnable: reason ? 0 : returnableOf(line, asked),
      exchangeChoices: reason ? [] : exchangeChoicesOf(line, sizes),
    })),
  };
}

/** The owner's list of returns, newest first, filtered by status, reason, or a number or e-mail in part. */
export async function listReturns(
  ctx: ServiceContext,
  query: z.output<typeof returnsQuerySchema>,
): Promise<ReturnsListResponse> {
  const { ids, total } = await queries.listReturnIds(ctx.db, query, {
    limit: query.limit,
    offset: (query.page - 1) * query.limit,
  });
  return {
    returns: await returnsByIds(ctx.db, ids),
    total,
    page: query.page,
    pages: Math.max(1, Math.ceil(total / query.limit)),
  };
}

/**
 * The owner marks a return's parcel received, once: the audit row and the customer's mail commit with
 * the change, and a second mark is refused.
 */
export async function receiveReturn(ctx: ServiceContext, id: string): Promise<Return> {
  const actor = auditActorOf(ctx);
  await ctx.db.transaction(async (tx) => {
    if (!(await queries.markReceived(tx, id, new Date()))) {
      const [row] = await queries.returnsByIds(tx, [id]);
      throw row ? conflict(RETURN_MESSAGES.alreadyReceived) : notFound(RETURN_MESSAGES.notFound);
    }
    const [row] = await queries.returnsByIds(tx, [id]);
    await recordAudit(tx, actor, {
      kind: 'return.received',
      target: { type: 'return', id, label: returnNumberOf(row?.number ?? 0) },
      details: { order: row?.orderNumber ?? null },
    });
    await enqueueMail(ctx.jobs, tx, mailEventKey('return-received', id));
  });
  const found = await returnById(ctx.db, id);
  if (!found) throw notFound(RETURN_MESSAGES.notFound);
  return found;
}

/** The customer's request (return-requests.service.ts); answers the new return. */
export async function createReturn(ctx: ServiceContext, body: z.output<typeof returnRequestSchema>): Promise<Return> {
  const { answer, heldProducts } = await requestReturn(ctx, body);
  // A held exchange changes what the catalogue shows as available.
  if (heldProducts.length > 0) ctx.events.stockMoved(heldProducts);
  return answer;
}
