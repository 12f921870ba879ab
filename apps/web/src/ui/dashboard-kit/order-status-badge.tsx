import type { OrderStatus, TrackedOrderStatus } from '@shop/contract/constants';

/**
 * The tables' colours: pending yellow, processing blue, shipped green, completed gray,
 * anything else light gray. (The tracker's colours differ on purpose; they live in ui/order-tracker.)
 */
const BADGE: Record<TrackedOrderStatus, string> = {
  pending: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  processing: 'bg-blue-100 text-blue-900 ring-blue-300',
  shipped: 'bg-green-100 text-green-900 ring-green-300',
  completed: 'bg-gray-200 text-gray-800 ring-gray-400',
};
const OTHER = 'bg-gray-100 text-gray-700 ring-gray-200';

export function OrderStatusBadge({ status }: { status: OrderStatus | string }) {
  const look = BADGE[status as TrackedOrderStatus] ?? OTHER;
  return (
    <span
      data-status={status}
      className={`inline-flex rounded-full px-3 py-1 text-xs font-medium capitalize ring-1 ring-inset ${look}`}
    >
      {status}
    </span>
  );
}
