import { type inspectReturnLineRequestSchema, RETURN_MESSAGES, SHIPPING_REFUNDED_FOR } from '@shop/contract/returns';
import type { z } from 'zod';
import type { Queryable, Transaction } from '../../db/client';
import { conflict, notFound } from '../../platform/errors';
import {
  chargedLinesOfOrder,
  claimLine,
  type DecisionLineRow,
  type DecisionReturnRow,
  findDecisionLine,
  findDecisionReturn,
  finishIfDecided,
  lockOrderAndReturn,
  orderCharge,
  setLineRefund,
  unitsRefundedBefore,
} from './return-decisions.queries';
import { returnRefundCents } from './return-shares';

// The owner's decision on one received line: its rules, apart from the money and stock it moves (the
// returns flow composes those from the orders' refunds and the inventory's holds).

export type InspectDecision = z.output<typeof inspectReturnLineRequestSchema>;
export type DecidedStatus = 'refunded' | 'exchanged' | 'rejected';
export type { DecisionLineRow, DecisionReturnRow };

export interface ClaimedDecision {
  ret: DecisionReturnRow;
  line: DecisionLineRow;
  status: DecidedStatus;
}

const lineNotFound = () => notFound(RETURN_MESSAGES.notFound);

/**
 * Takes the decision on a line, in the caller's transaction, once: only a received return's pending line
 * may be decided, and of owners deciding it at once only one update finds it pending. The order's and the
 * return's rows stay locked until commit, so decisions on one order are counted one after another.
 */
export async function claimDecision(
  tx: Transaction,
  actorId: string,
  ids: { returnId: string; lineId: string },
  decision: InspectDecision,
  now: Date,
): Promise<ClaimedDecision> {
  const found = await findDecisionReturn(tx, ids.returnId);
  if (!found) throw lineNotFound();
  const ret = await lockOrderAndReturn(tx, found.orderId, ids.returnId);
  const line = ret && (await findDecisionLine(tx, ids.returnId, ids.lineId));
  if (!ret || !line) throw lineNotFound();
  if (ret.status === 'requested') throw conflict(RETURN_MESSAGES.notReceived);
  const status: DecidedStatus =
    decision.decision === 'reject' ? 'rejected' : line.outcome === 'refund' ? 'refunded' : 'exchanged';
  const claimed = await claimLine(tx, line.id, {
    status,
    damaged: decision.decision === 'accept' && decision.damaged,
    rejectReason: decision.decision === 'reject' ? decision.reason : null,
    decidedAt: now,
    decidedBy: actorId,
  });
  if (!claimed) throw conflict(RETURN_MESSAGES.lineDecided);
  return { ret, line, status };
}

/**
 * What an accepted line refunds: its units' share of what the order charged (return-shares), after the
 * units of the same order line earlier returns refunded, and never more than is left of the charge.
 */
export async function refundShareOf(tx: Transaction, ret: DecisionReturnRow, line: DecisionLineRow): Promise<number> {
  const charge = await orderCharge(tx, ret.orderId);
  if (!charge) return 0;
  const lines = await chargedLinesOfOrder(tx, ret.orderId);
  const refundedBefore = await unitsRefundedBefore(tx, line.orderItemId, line.id);
  return returnRefundCents(
    { amountCents: charge.amountCents, shippingCents: charge.shippingCents, lines },
    {
      itemId: line.orderItemId,
      quantity: line.quantity,
      refundedBefore,
      withShipping: line.reason === SHIPPING_REFUNDED_FOR,
    },
    charge.amountCents - charge.refundedCents,
  );
}

/** Keeps what a refunded line gave back and the refund that gives it (none when nothing was left). */
export function recordLineRefund(tx: Queryable, lineId: string, refundId: string | null, cents: number) {
  return setLineRefund(tx, lineId, refundId, cents);
}

/** The return's last change, and done once no line is left pending. */
export function finishDecision(tx: Transaction, returnId: string, now: Date): Promise<void> {
  return finishIfDecided(tx, returnId, now);
}
