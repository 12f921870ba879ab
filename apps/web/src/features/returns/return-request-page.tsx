import type { OrderReturnsResponse, Return } from '@shop/contract/returns';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { QueryState } from '../../ui/dashboard-kit/query-state';
import { Skeleton } from '../../ui/skeleton';
import { usePageMeta } from '../../ui/use-page-meta';
import { ReturnAuthorisation } from './return-authorisation';
import { ReturnRequestForm } from './return-request-form';
import { formatReturnDay } from './return-words';
import { useGetOrderReturnsQuery } from './returns.api';

/** /orders/:orderId/return: the customer chooses what to send back, then sees how to send it. */
export function ReturnRequestPage() {
  const { orderId = '' } = useParams();
  usePageMeta('Return or exchange items', 'Send items of your order back for a refund or another size.');
  const query = useGetOrderReturnsQuery(orderId);
  const [authorised, setAuthorised] = useState<Return | null>(null);

  return (
    <div className="container-page max-w-3xl py-14 sm:py-20">
      <Link to={paths.order.href(orderId)} className="text-sm font-medium text-clay underline-offset-4 hover:underline">
        ← Back to your order
      </Link>
      <h1 className="mt-4 mb-8 font-display text-4xl text-ink sm:text-5xl">Return or exchange items</h1>
      {authorised ? (
        <ReturnAuthorisation authorised={authorised} />
      ) : (
        <QueryState
          query={query}
          loading={
            <div role="status" aria-label="Loading your order's items" className="space-y-4">
              <Skeleton className="h-24 w-full" />
              <Skeleton className="h-24 w-full" />
            </div>
          }
          failed={{ title: 'We could not load the items of this order.', reason: true }}
        >
          {(answer) => <ReturnRequestBody orderId={orderId} answer={answer} onSent={setAuthorised} />}
        </QueryState>
      )}
    </div>
  );
}

interface ReturnRequestBodyProps {
  orderId: string;
  answer: OrderReturnsResponse;
  onSent: (authorised: Return) => void;
}

/**
 * The form, or why there is none. Decided on the answer the page opened with: a request refused meanwhile
 * refetches the order's returns, and the form (with the server's reason in it) must stay on screen.
 */
function ReturnRequestBody({ orderId, answer, onSent }: ReturnRequestBodyProps) {
  const [opened] = useState(answer);
  if (!opened.returnableUntil || !opened.lines.some((line) => line.returnable > 0)) {
    return (
      <p className="rounded-2xl border border-sand bg-white p-6 text-sm text-ink">
        {opened.reason ?? 'Every item of this order has been returned.'}
      </p>
    );
  }
  return (
    <div className="space-y-6">
      <p className="text-sm text-muted">You can return items until {formatReturnDay(opened.returnableUntil)}.</p>
      <ReturnRequestForm orderId={orderId} lines={opened.lines} onSent={onSent} />
    </div>
  );
}
