/*
 * The owner's inspection of a returned line, the flow from a decision to its money, stock and mail: the
 * line claimed once, its refund opened (or its exchange's held size sold, or its hold released), the
 * pieces back in stock, the audit row and the mail, in one transaction; the payment provider asked after
 * commit. It spans returns, orders' refunds, inventory, audit and mail, so it lives here.
 */
import { RETURN_MESSAGES, type ReturnResponse, returnNumberOf } from '@shop/contract/returns';
import type { Transaction } from '../db/client';
import { type AuditActor, recordAudit } from '../modules/audit/audit.service';
import { endHold, restockReturned, sellUnheld } from '../modules/inventory/inventory.service';
import { askRefundProvider, type OpenedRefund, openRefundIn, type RefundDeps } from '../modules/orders/refunds.service';
import {
  type ClaimedDecision,
  claimDecision,
  type DecidedStatus,
  type DecisionLineRow,
  finishDecision,
  type InspectDecision,
  recordLineRefund,
  refundShareOf,
} from '../modules/returns/return-decisions.service';
import { returnById } from '../modules/returns/returns.service';
import { AppError, conflict, notFound } from '../platform/errors';
import { enqueueMail, mailEventKey } from '../platform/mail-jobs';

/** What a decision did, for what follows its commit. */
interface Decided {
  status: DecidedStatus;
  refund: OpenedRefund | null;
  /** Products whose stock moved: the shop's copies of them are stale. */
  stockMoved: (string | null)[];
}

const AUDIT_KIND = { refunded: 'return.refunded', exchanged: 'return.exchanged', rejected: 'return.rejected' } as const;
const MAIL_KIND = {
  refunded: 'return-refunded',
  exchanged: 'return-exchange-shipped',
  rejected: 'return-rejected',
} as const;
const ANSWER = {
  refunded: RETURN_MESSAGES.refunded,
  exchanged: RETURN_MESSAGES.exchanged,
  rejected: RETURN_MESSAGES.rejected,
} as const;

const REFUSED_HINT = "The line stays accepted: refund it from the order's page.";

const exchangeSoldOut = (name: string) =>
  conflict(`The size to exchange "${name}" for is no longer in stock: restock it, or reject the line.`);

/**
 * Ships an exchange: the size held for it since the request leaves stock as a sale. A hold that ran out
 * meanwhile gave its size back, so the piece is then sold from what is available, if any is.
 */
async function shipExchange(tx: Transaction, line: DecisionLineRow, actorId: string): Promise<void> {
  const sold = line.exchangeHoldId ? await endHold(tx, line.exchangeHoldId, 'paid', actorId) : [];
  if (sold.length > 0) return;
  if (!line.exchangeVariantId) throw exchangeSoldOut(line.name);
  const unsold = await sellUnheld(tx, [{ variantId: line.exchangeVariantId, quantity: line.quantity }], actorId);
  if (unsold > 0) throw exchangeSoldOut(line.name);
}

/**
 * Opens the refund of an accepted line's share, in the decision's transaction, so a provider's retry
 * is the refund machinery's (a pending refund and its retry job) and never a second refund. A line
 * with nothing left to give back is refunded nothing, and its mail is queued now since no refund will.
 */
async function refundLine(
  deps: RefundDeps,
  tx: Transaction,
  actor: AuditActor,
  { ret, line }: ClaimedDecision,
): Promise<{ refund: OpenedRefund | null; cents: number }> {
  const cents = await refundShareOf(tx, ret, line);
  const refund =
    cents > 0
      ? await openRefundIn(tx, actor.id, ret.orderId, {
          kind: 'refund',
          amountCents: cents,
          reason: `Return ${returnNumberOf(ret.number)}`,
        })
      : null;
  await recordLineRefund(tx, line.id, refund?.refund.id ?? null, cents);
  // A refund's mail is queued when the provider has made it (refunds.service settleRefund).
  if (!refund) await enqueueMail(deps.jobs, tx, mailEventKey(MAIL_KIND.refunded, line.id));
  return { refund, cents };
}

async function decideLine(
  deps: RefundDeps,
  tx: Transaction,
  actor: AuditActor,
  ids: { returnId: string; lineId: string },
  decision: InspectDecision,
): Promise<Decided> {
  const now = new Date();
  const claimed = await claimDecision(tx, actor.id, ids, decision, now);
  const { ret, line, status } = claimed;
  const stockMoved: (string | null)[] = [];
  let refund: OpenedRefund | null = null;
  let refundedCents = 0;
  if (status === 'refunded') {
    ({ refund, cents: refundedCents } = await refundLine(deps, tx, actor, claimed));
  } else if (status === 'exchanged') {
    await shipExchange(tx, line, actor.id);
    stockMoved.push(line.productId);
    await enqueueMail(deps.jobs, tx, mailEventKey(MAIL_KIND.exchanged, line.id));
  } else {
    if (line.exchangeHoldId && (await endHold(tx, line.exchangeHoldId, 'cancelled', actor.id)).length > 0) {
      stockMoved.push(line.productId);
    }
    await enqueueMail(deps.jobs, tx, mailEventKey(MAIL_KIND.rejected, line.id));
  }
  // An accepted piece goes back on the shelf unless it came back damaged; a size gone since is skipped.
  const damaged = decision.decision === 'accept' && decision.damaged;
  if (status !== 'rejected' && !damaged) {
    const restocked = await restockReturned(
      tx,
      [{ variantId: line.variantId, quantity: line.quantity }],
      actor.id,
      'return',
    );
    if (restocked > 0) stockMoved.push(line.productId);
  }
  await recordAudit(tx, actor, {
    kind: AUDIT_KIND[status],
    target: { type: 'return', id: ret.id, label: returnNumberOf(ret.number) },
    details: {
      line: line.id,
      item: line.name,
      quantity: line.quantity,
      amountCents: refundedCents,
      damaged,
      ...(refund && { refundId: refund.refund.id }),
      ...(decision.decision === 'reject' && { reason: decision.reason }),
    },
  });
  await finishDecision(tx, ret.id, now);
  return { status, refund, stockMoved };
}

/**
 * Asks the provider for an accepted line's refund after its decision committed. A silent provider
 * leaves the refund pending for the retry job, which settles it (and queues its mail) once. A refusal
 * fails the refund: the line keeps its decision but is counted as having given back nothing, so it
 * never claims money that did not move, and the owner is told to refund from the order instead.
 */
async function askForLineRefund(
  deps: RefundDeps,
  ids: { returnId: string; lineId: string },
  { refund, paymentId }: OpenedRefund,
): Promise<void> {
  deps.log.info(
    { returnId: ids.returnId, refundId: refund.id, amountCents: refund.amountCents },
    'return refund opened',
  );
  try {
    await askRefundProvider(deps, refund, paymentId);
  } catch (err) {
    if (!(err instanceof AppError) || err.kind !== 'bad_gateway') throw err;
    await recordLineRefund(deps.db, ids.lineId, refund.id, 0);
    throw new AppError('bad_gateway', `${err.message} ${REFUSED_HINT}`);
  }
}

/** POST /api/returns/:id/lines/:lineId/inspect: the owner accepts or rejects one received line. */
export async function inspectReturnLine(
  deps: RefundDeps,
  actor: AuditActor,
  ids: { returnId: string; lineId: string },
  decision: InspectDecision,
): Promise<ReturnResponse> {
  const decided = await deps.db.transaction((tx) => decideLine(deps, tx, actor, ids, decision));
  deps.events.stockMoved(decided.stockMoved);
  if (decided.refund) await askForLineRefund(deps, ids, decided.refund);
  const answer = await returnById(deps.db, ids.returnId);
  if (!answer) throw notFound(RETURN_MESSAGES.notFound);
  return { message: ANSWER[decided.status], return: answer };
}
