import type { OrderReturnsResponse, Return } from '@shop/contract/returns';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { buttonClass } from '../../ui/button';
import { QueryState } from '../../ui/dashboard-kit/query-state';
import { Skeleton } from '../../ui/skeleton';
import { ReturnLineList, ReturnStatusBadge } from './return-line-list';
import { formatReturnDay } from './return-words';
import { useGetOrderReturnsQuery } from './returns.api';

/** The Returns part of the customer's order page: its returns, and whether more may be asked, until when. */
export function OrderReturnsSection({ orderId }: { orderId: string }) {
  const query = useGetOrderReturnsQuery(orderId);
  return (
    <section aria-labelledby="returns-title" className="mt-10">
      <h2 id="returns-title" className="mb-4 font-display text-2xl text-ink">
        Returns
      </h2>
      <QueryState
        query={query}
        loading={
          <div role="status" aria-label="Loading the returns">
            <Skeleton className="h-16 w-full" />
          </div>
        }
        failed={{ title: 'The returns of this order could not be loaded.', reason: true }}
      >
        {(answer) => <OrderReturns orderId={orderId} answer={answer} />}
      </QueryState>
    </section>
  );
}

function OrderReturns({ orderId, answer }: { orderId: string; answer: OrderReturnsResponse }) {
  const anyLeft = answer.lines.some((line) => line.returnable > 0);
  return (
    <div className="space-y-6">
      {answer.returnableUntil && anyLeft ? (
        <div className="flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-sand bg-white p-5">
          <p className="text-sm text-ink">You can return items until {formatReturnDay(answer.returnableUntil)}.</p>
          <Link to={paths.returnRequest.href(orderId)} className={buttonClass('outline', 'sm')}>
            Return or exchange items
          </Link>
        </div>
      ) : (
        <p className="text-sm text-muted">
          {answer.reason ?? (answer.returns.length > 0 ? 'Every item of this order has been returned.' : '')}
        </p>
      )}
      {answer.returns.map((ret) => (
        <ReturnCard key={ret._id} ret={ret} />
      ))}
    </div>
  );
}

function ReturnCard({ ret }: { ret: Return }) {
  return (
    <article aria-label={`Return ${ret.number}`} className="rounded-2xl border border-sand bg-white p-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="text-xs text-muted">Return number</p>
          <p className="font-mono text-base text-ink">{ret.number}</p>
        </div>
        <ReturnStatusBadge status={ret.status} />
      </div>
      <p className="mt-1 text-xs text-muted">Asked on {formatReturnDay(ret.createdAt)}</p>
      <div className="mt-4">
        <ReturnLineList lines={ret.lines} />
      </div>
    </article>
  );
}
