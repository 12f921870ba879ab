import {
  RETURN_LINE_STATUS_LABELS,
  RETURN_REASON_LABELS,
  RETURN_STATUS_LABELS,
  type Return,
  type ReturnLine,
  type ReturnLineStatus,
  type ReturnStatus,
} from '@shop/contract/returns';
import type { ReactNode } from 'react';
import { askedText, optionsText, refundedText } from './return-words';

const LINE_LOOK: Record<ReturnLineStatus, string> = {
  pending: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  refunded: 'bg-green-100 text-green-900 ring-green-300',
  exchanged: 'bg-green-100 text-green-900 ring-green-300',
  rejected: 'bg-red-100 text-red-900 ring-red-300',
};
const RETURN_LOOK: Record<ReturnStatus, string> = {
  requested: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  received: 'bg-blue-100 text-blue-900 ring-blue-300',
  done: 'bg-gray-200 text-gray-800 ring-gray-400',
};
const badge = 'inline-flex rounded-full px-3 py-1 text-xs font-medium ring-1 ring-inset';

/** A return's status in the customer's words, coloured as the tables colour an order's. */
export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  return (
    <span data-status={status} className={`${badge} ${RETURN_LOOK[status]}`}>
      {RETURN_STATUS_LABELS[status]}
    </span>
  );
}

export function ReturnLineStatusBadge({ status }: { status: ReturnLineStatus }) {
  return (
    <span data-status={status} className={`${badge} ${LINE_LOOK[status]}`}>
      {RETURN_LINE_STATUS_LABELS[status]}
    </span>
  );
}

interface ReturnLineListProps {
  lines: Return['lines'];
  /** The owner sees whether an accepted piece went back to stock. */
  forOwner?: boolean;
  /** What can be done to a line now (the owner's Accept and Reject). */
  actions?: (line: ReturnLine) => ReactNode;
}

/** A return's lines: the piece, why it came back, what was asked and what happened. */
export function ReturnLineList({ lines, forOwner = false, actions }: ReturnLineListProps) {
  return (
    <ul className="divide-y divide-sand border-y border-sand">
      {lines.map((line) => (
        <li key={line._id} className="flex flex-wrap items-start justify-between gap-3 py-4 text-sm">
          <div className="min-w-0 flex-1 space-y-1">
            <p className="font-display text-base text-ink">
              {line.name} <span className="text-muted">× {line.quantity}</span>
            </p>
            {optionsText(line.colour, line.size) && (
              <p className="text-xs text-ink">{optionsText(line.colour, line.size)}</p>
            )}
            <p className="text-muted">
              {RETURN_REASON_LABELS[line.reason]}
              {line.note && <span className="break-words"> — “{line.note}”</span>}
            </p>
            <p className="text-ink">{askedText(line)}</p>
            {refundedText(line) && <p className="font-medium text-go-dark">{refundedText(line)}</p>}
            {line.status === 'rejected' && line.rejectReason && (
              <p className="break-words text-stop-dark">Why: {line.rejectReason}</p>
            )}
            {forOwner && line.status !== 'pending' && line.status !== 'rejected' && (
              <p className="text-xs text-muted">{line.damaged ? 'Damaged: not restocked' : 'Back in stock'}</p>
            )}
          </div>
          <div className="flex flex-col items-end gap-2">
            <ReturnLineStatusBadge status={line.status} />
            {actions?.(line)}
          </div>
        </li>
      ))}
    </ul>
  );
}
