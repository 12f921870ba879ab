import { ORDER_STATUSES, type OrderStatus, type TrackedOrderStatus } from '@shop/contract/constants';
import { CheckIcon } from './icons';

/**
 * The tracker's four steps, what each tells the customer and its colour. The colours are the tracker's
 * own (shipped purple, completed green); the admin's table badges read differently on purpose.
 */
const STEPS: Record<
  TrackedOrderStatus,
  { label: string; description: string; dot: string; onDot: string; text: string; ring: string }
> = {
  pending: {
    label: 'Pending',
    description: 'Your order has been created and is awaiting processing.',
    dot: 'bg-yellow-400',
    onDot: 'text-ink',
    text: 'text-yellow-800',
    ring: 'ring-yellow-200',
  },
  processing: {
    label: 'Processing',
    description: 'Your order is currently being processed.',
    dot: 'bg-blue-600',
    onDot: 'text-white',
    text: 'text-blue-800',
    ring: 'ring-blue-200',
  },
  shipped: {
    label: 'Shipped',
    description: 'Your order has been shipped.',
    dot: 'bg-purple-600',
    onDot: 'text-white',
    text: 'text-purple-800',
    ring: 'ring-purple-200',
  },
  completed: {
    label: 'Completed',
    description: 'Your order has been successfully completed.',
    dot: 'bg-green-600',
    onDot: 'text-white',
    text: 'text-green-800',
    ring: 'ring-green-200',
  },
};

const CLOSED: Record<Exclude<OrderStatus, TrackedOrderStatus>, string> = {
  cancelled: 'This order was cancelled and its payment refunded.',
  refunded: 'This order was refunded in full.',
};

/** A status on the tracker's steps; the others (cancelled, refunded) close an order instead. */
export const isTrackedStatus = (status: string): status is TrackedOrderStatus =>
  (ORDER_STATUSES as readonly string[]).includes(status);

/** Earlier steps are completed, the current one is highlighted, later ones are still to come. */
export function OrderTracker({ status }: { status: OrderStatus }) {
  if (!isTrackedStatus(status)) {
    return (
      <p role="status" className="rounded-xl border border-sand bg-ivory px-4 py-3 text-sm text-ink">
        {CLOSED[status]}
      </p>
    );
  }
  const current = ORDER_STATUSES.indexOf(status);
  return (
    <ol aria-label="Order progress" className="grid gap-6 sm:grid-cols-4 sm:gap-4">
      {ORDER_STATUSES.map((step, index) => {
        const info = STEPS[step];
        const state = index < current ? 'completed' : index === current ? 'current' : 'upcoming';
        return (
          <li
            key={step}
            aria-current={state === 'current' ? 'step' : undefined}
            className="relative flex gap-4 sm:flex-col sm:gap-3"
          >
            {index < ORDER_STATUSES.length - 1 && (
              <span
                aria-hidden="true"
                className={`absolute top-9 bottom-[-1.5rem] left-[1.0625rem] w-px sm:top-[1.0625rem] sm:right-[-1rem] sm:bottom-auto sm:left-9 sm:h-px sm:w-auto ${index < current ? info.dot : 'bg-sand'}`}
              />
            )}
            <span
              aria-hidden="true"
              className={`relative grid size-[2.125rem] shrink-0 place-items-center rounded-full text-xs font-semibold ${
                state === 'upcoming' ? 'border border-sand bg-ivory text-muted' : `${info.dot} ${info.onDot}`
              } ${state === 'current' ? `ring-4 ${info.ring}` : ''}`}
            >
              {state === 'completed' ? <CheckIcon /> : index + 1}
            </span>
            <div>
              <p className={`text-sm font-semibold ${state === 'upcoming' ? 'text-muted' : info.text}`}>
                {info.label}
                <span className="sr-only">
                  {state === 'completed' ? ' (completed)' : state === 'current' ? ' (current step)' : ' (to come)'}
                </span>
              </p>
              <p className="mt-1 text-sm text-muted">{info.description}</p>
            </div>
          </li>
        );
      })}
    </ol>
  );
}
