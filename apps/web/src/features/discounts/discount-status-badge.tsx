import { DISCOUNT_STATUS_LABELS, type DiscountStatus } from '@shop/contract/discounts';

/** Where a code stands, as the Discount Codes table shows it. */
const LOOK: Record<DiscountStatus, string> = {
  active: 'bg-green-100 text-green-900 ring-green-300',
  scheduled: 'bg-blue-100 text-blue-900 ring-blue-300',
  paused: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  expired: 'bg-gray-200 text-gray-800 ring-gray-400',
  used_up: 'bg-stop/10 text-stop-dark ring-stop/30',
};

export function DiscountStatusBadge({ status }: { status: DiscountStatus }) {
  return (
    <span
      data-status={status}
      className={`inline-flex rounded-full px-3 py-1 text-xs font-medium whitespace-nowrap ring-1 ring-inset ${LOOK[status]}`}
    >
      {DISCOUNT_STATUS_LABELS[status]}
    </span>
  );
}
