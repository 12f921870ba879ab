import { formatMoney } from '@shop/contract/money';
import type { OrderRefund } from '@shop/contract/orders';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' });
const KIND_LABELS: Record<OrderRefund['kind'], string> = { refund: 'Refund', cancellation: 'Cancellation' };

/** The money given back on an order, oldest first: when, why and how much. */
export function OrderRefunds({ refunds }: { refunds: readonly OrderRefund[] }) {
  return (
    <section aria-labelledby="refunds-title">
      <h2 id="refunds-title" className="font-display text-2xl text-ink">
        Refunds
      </h2>
      <ul className="mt-4 divide-y divide-sand border-y border-sand text-sm">
        {refunds.map((refund) => (
          <li key={refund._id} className="flex flex-wrap items-baseline justify-between gap-x-6 gap-y-1 py-3">
            <div className="min-w-0">
              <p className="text-ink">
                {KIND_LABELS[refund.kind]} ·{' '}
                <time dateTime={refund.createdAt}>{dateFormat.format(new Date(refund.createdAt))}</time>
              </p>
              {refund.reason && <p className="text-xs text-muted">{refund.reason}</p>}
            </div>
            <p className="tabular-nums text-stop-dark">−{formatMoney(refund.amount)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}
