import { ORDER_MESSAGES, type Order, type RefundRequest } from '@shop/contract/orders';
import type { Database, Transaction } from '../../db/client';
import { AppError, invalid, notFound } from '../../platform/errors';
import { enqueueMail, mailEventKey } from '../../platform/mail-jobs';
import { type AuditActor, recordAudit } from '../audit/audit.service';
import { restockReturned } from '../inventory/inventory.service';
import { type PaymentEvent, RefundRefusedError } from '../payments/payment-provider';
import type { FulfilDeps } from './fulfil-deps';
import { toOrderDto } from './orders.dto';
import {
  findOrderById,
  itemsOfOrders,
  type OrderItemRow,
  type OrderRefundRow,
  refundsOfOrders,
} from './orders.queries';
import {
  closeOrderAfterRefund,
  findOrderByPayment,
  findRefundOfProvider,
  insertRefund,
  lowerRefunded,
  markRefundFailed,
  markRefundSucceeded,
  pendingRefunds,
  raiseRefundedBy,
  raiseRefundedToRest,
  restockedQuantities,
  returnLineOfRefund,
} from './refunds.queries';

/** What giving money back needs: the database, the payment provider, the job queue, the shop's events. */
export type RefundDeps = FulfilDeps;

type RestockLine = { itemId: string; quantity: number };

const providerRefused = (reason: string) =>
  new AppError('bad_gateway', `The payment provider refused the refund (${reason}). Nothing was refunded.`);
const providerSilent = () =>
  new AppError(
    'unavailable',
    'The payment provider did not answer. The refund will be tried again automatically within a few minutes.',
  );

/** The lines to put back, checked against what was bought and what earlier refunds already put back. */
function restockOf(
  items: readonly OrderItemRow[],
  done: ReadonlyMap<string, number>,
  asked: readonly RestockLine[] | 'all',
): RestockLine[] {
  const left = (item: OrderItemRow) => item.quantity - (done.get(item.id) ?? 0);
  if (asked === 'all') {
    return items.flatMap((item) => (left(item) > 0 ? [{ itemId: item.id, quantity: left(item) }] : []));
  }
  const byId = new Map(items.map((item) => [item.id, item]));
  return asked.map((line) => {
    const item = byId.get(line.itemId);
    if (!item) throw invalid('A line to restock is not part of this order');
    if (line.quantity > left(item)) {
      throw invalid(`Only ${Math.max(0, left(item))} of "${item.name}" can still go back to stock`);
    }
    return line;
  });
}

/** An opened refund: pending, counted as refunded, and the payment the provider gives it back from. */
export interface OpenedRefund {
  refund: OrderRefundRow;
  paymentId: string;
}

/**
 * Step one, in the caller's transaction: the amount is counted as refunded (one conditional update, so
 * racing refunds cannot both take the rest) and the refund written pending. The order's row stays locked
 * until commit, so the restock check sees every other refund of the order. The provider is asked only
 * after the commit (`askRefundProvider`), and a refund left pending is retried by the refund-retry job.
 */
export async function openRefundIn(
  tx: Transaction,
  actorId: string | null,
  orderId: string,
  request: RefundRequest,
): Promise<OpenedRefund> {
  const now = new Date();
  const order = await findOrderById(tx, orderId);
  if (!order) throw notFound(ORDER_MESSAGES.notFound);
  const left = order.amountCents - order.refundedCents;
  if (left <= 0) throw invalid(ORDER_MESSAGES.nothingToRefund);
  let amountCents: number;
  if (request.kind === 'cancellation') {
    const added = await raiseRefundedToRest(tx, orderId, null, now);
    if (!added) throw invalid(ORDER_MESSAGES.nothingToRefund);
    amountCents = added;
  } else {
    if (request.amountCents === undefined) throw invalid('Enter the amount to refund');
    if (request.amountCents > left || !(await raiseRefundedBy(tx, orderId, request.amountCents, now))) {
      throw invalid(ORDER_MESSAGES.overRefund);
    }
    amountCents = request.amountCents;
  }
  const items = await itemsOfOrders(tx, [orderId]);
  const restock = restockOf(
    items,
    await restockedQuantities(tx, orderId),
    request.kind === 'cancellation' ? 'all' : (request.restock ?? []),
  );
  const refund = await insertRefund(tx, {
    orderId,
    kind: request.kind,
    amountCents,
    reason: request.reason ?? '',
    restock,
    actorId,
    createdAt: now,
  });
  if (!refund) throw new Error('a new refund conflicted on its provider id');
  return { refund, paymentId: order.orderId };
}

/** The admin's refund or cancellation of an order, opened in its own transaction with its audit row. */
async function openRefund(
  db: Database,
  actor: AuditActor,
  orderId: string,
  request: RefundRequest,
): Promise<OpenedRefund> {
  return db.transaction(async (tx) => {
    const opened = await openRefundIn(tx, actor.id, orderId, request);
    const { id: refundId, amountCents, reason, restock } = opened.refund;
    // Recorded when the refund is asked for; a provider that refuses it marks the refund failed.
    await recordAudit(tx, actor, {
      kind: request.kind === 'cancellation' ? 'order.cancelled' : 'order.refunded',
      target: { type: 'order', id: orderId, label: opened.paymentId },
      details: { refundId, amountCents, reason, restockedLines: restock.length },
    });
    return opened;
  });
}

/**
 * The provider made it: marked succeeded once (whoever settles it first: the request, a retry, a
 * webhook), its lines back in stock, the order closed when it should be, and its mail queued, together.
 */
export async function settleRefund(deps: RefundDeps, refundId: string, providerRefundId: string): Promise<void> {
  const restocked = await deps.db.transaction(async (tx) => {
    const now = new Date();
    const refund = await markRefundSucceeded(tx, refundId, providerRefundId, now);
    if (!refund) return [];
    // The order's row before the sizes' rows, as a checkout's payment takes them.
    await closeOrderAfterRefund(tx, refund.orderId, refund.kind, now);
    const moved = await restockLines(tx, refund);
    // A returned line's refund is told by the return's own mail, keyed by the line, never also as an
    // order refund.
    const returnLineId = await returnLineOfRefund(tx, refund.id);
    await enqueueMail(
      deps.jobs,
      tx,
      returnLineId ? mailEventKey('return-refunded', returnLineId) : mailEventKey('refund-issued', refund.id),
    );
    return moved;
  });
  deps.events.stockMoved(restocked);
}

/** Puts the refund's pieces back in stock; answers the products whose stock moved. */
async function restockLines(tx: Transaction, refund: OrderRefundRow): Promise<(string | null)[]> {
  if (refund.restock.length === 0) return [];
  const items = new Map((await itemsOfOrders(tx, [refund.orderId])).map((item) => [item.id, item]));
  const lines = refund.restock.map((line) => ({ item: items.get(line.itemId), quantity: line.quantity }));
  const moved = await restockReturned(
    tx,
    lines.map(({ item, quantity }) => ({ variantId: item?.variantId ?? null, quantity })),
    refund.actorId,
  );
  return moved > 0 ? lines.map(({ item }) => item?.productId ?? null) : [];
}

/** The provider said no: the refund failed and its amount is left to refund again. */
async function failRefund(deps: RefundDeps, refundId: string): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const now = new Date();
    const refund = await markRefundFailed(tx, refundId, now);
    if (refund) await lowerRefunded(tx, refund.orderId, refund.amountCents, now);
  });
}

/** Asks the provider for a pending refund (again, with the same key) and settles it by the answer. */
export async function askRefundProvider(deps: RefundDeps, refund: OrderRefundRow, paymentId: string): Promise<void> {
  let providerRefundId: string;
  try {
    ({ providerRefundId } = await deps.provider.refund({
      paymentId,
      amountCents: refund.amountCents,
      idempotencyKey: refund.id,
      metadata: { shopRefundId: refund.id, orderId: refund.orderId },
    }));
  } catch (err) {
    if (err instanceof RefundRefusedError) {
      deps.log.warn({ err, refundId: refund.id }, 'the payment provider refused a refund');
      await failRefund(deps, refund.id);
      throw providerRefused(err.message);
    }
    // It may or may not have been made: the refund stays pending for the retry job.
    deps.log.error({ err, refundId: refund.id }, 'the payment provider did not answer a refund');
    throw providerSilent();
  }
  await settleRefund(deps, refund.id, providerRefundId);
}

/** POST /api/orders/refund/:id: a refund of part of an order, or its cancellation. */
export async function refundOrder(
  deps: RefundDeps,
  actor: AuditActor,
  orderId: string,
  request: RefundRequest,
): Promise<{ message: string; order: Order }> {
  const { refund, paymentId } = await openRefund(deps.db, actor, orderId, request);
  deps.log.info({ orderId, refundId: refund.id, kind: refund.kind, amountCents: refund.amountCents }, 'refund opened');
  await askRefundProvider(deps, refund, paymentId);
  const row = await findOrderById(deps.db, orderId);
  if (!row) throw notFound(ORDER_MESSAGES.notFound);
  const [items, refunds] = await Promise.all([itemsOfOrders(deps.db, [orderId]), refundsOfOrders(deps.db, [orderId])]);
  return {
    message: refund.kind === 'cancellation' ? ORDER_MESSAGES.cancelled : ORDER_MESSAGES.refunded,
    order: toOrderDto(row, items, refunds),
  };
}

/** How long a refund may be in flight before the retry job asks the provider again. */
export const REFUND_RETRY_AFTER_MS = 2 * 60 * 1000;
const RETRY_BATCH = 50;

/** One run of the refund-retry job: refunds a crash (or a provider's silence) left pending. */
export async function runRefundRetry(deps: RefundDeps, now = new Date()): Promise<void> {
  const pending = await pendingRefunds(deps.db, new Date(now.getTime() - REFUND_RETRY_AFTER_MS), RETRY_BATCH);
  let settled = 0;
  for (const { refund, paymentId } of pending) {
    try {
      await askRefundProvider(deps, refund, paymentId);
      settled += 1;
    } catch (err) {
      deps.log.warn({ err, refundId: refund.id }, 'a pending refund is still not settled');
    }
  }
  if (pending.length > 0) deps.log.info({ pending: pending.length, settled }, 'refund retry finished');
}

const DASHBOARD_REASON = "Refunded in the payment provider's dashboard";

class AlreadyRecorded extends Error {}

/**
 * A provider's word that money went back on a payment. A refund the shop knows (by the provider's id or
 * the shop's id in its metadata) is at most settled; one made in the provider's dashboard is recorded as
 * made, counted up to what is left, and mailed. Duplicate deliveries change nothing.
 */
export async function recordProviderRefunds(
  deps: RefundDeps,
  event: Extract<PaymentEvent, { type: 'payment.refunded' }>,
): Promise<void> {
  for (const made of event.refunds) {
    const known = await findRefundOfProvider(deps.db, made.id, made.shopRefundId);
    if (known) {
      if (known.status === 'pending') await settleRefund(deps, known.id, made.id);
      continue;
    }
    const order = await findOrderByPayment(deps.db, event.paymentId);
    if (!order) {
      deps.log.warn({ paymentId: event.paymentId, refundId: made.id }, 'a refund for a payment with no order');
      continue;
    }
    try {
      await deps.db.transaction(async (tx) => {
        const now = new Date();
        const added = await raiseRefundedToRest(tx, order.id, made.amountCents, now);
        if (!added) return;
        const refund = await insertRefund(tx, {
          orderId: order.id,
          kind: 'refund',
          status: 'succeeded',
          amountCents: added,
          reason: DASHBOARD_REASON,
          providerRefundId: made.id,
          createdAt: now,
          settledAt: now,
        });
        // The same event delivered twice at once: the other delivery recorded it; undo this one's count.
        if (!refund) throw new AlreadyRecorded();
        await closeOrderAfterRefund(tx, order.id, 'refund', now);
        await enqueueMail(deps.jobs, tx, mailEventKey('refund-issued', refund.id));
      });
    } catch (err) {
      if (!(err instanceof AlreadyRecorded)) throw err;
    }
  }
}
