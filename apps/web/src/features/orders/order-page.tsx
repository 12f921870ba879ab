import type { Order } from '@shop/contract/orders';
import type { ReactNode } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { apiErrorStatus, isNetworkError } from '../../lib/api-error';
import { buttonClass } from '../../ui/button';
import { type QueryResult, QueryState } from '../../ui/dashboard-kit/query-state';
import { Skeleton } from '../../ui/skeleton';
import { ErrorMessage } from '../../ui/status-message';
import { usePageMeta } from '../../ui/use-page-meta';
import { OrderDetails } from './order-details';
import { useGetGuestOrderQuery, useGetOrderQuery } from './orders.api';

interface OrderProblem {
  title: string;
  help: string;
  login?: boolean;
}

function orderError(error: unknown): OrderProblem {
  if (isNetworkError(error))
    return { title: 'We could not load this order', help: 'Check your connection and try again.' };
  const status = apiErrorStatus(error);
  if (status === 401)
    return { title: 'Please log in to see this order', help: 'Orders are shown to their owner only.', login: true };
  if (status === 403)
    return { title: 'This order belongs to another account', help: 'Log in with the account that placed it.' };
  if (status === 404 || status === 400)
    return { title: 'We could not find this order', help: 'Check the link, or find the order in your dashboard.' };
  return {
    title: 'We could not load this order',
    help: 'Something went wrong on our side. Please try again in a moment.',
  };
}

/** A guest's order link that finds no order: the link is all they have, so say where to look. */
function guestOrderError(error: unknown): OrderProblem {
  if (apiErrorStatus(error) === 404 || apiErrorStatus(error) === 400) {
    return {
      title: 'We could not find this order',
      help: 'Check that the link is the whole one from your order e-mail. If you have an account, your orders are in your dashboard.',
    };
  }
  return orderError(error);
}

/** `below`: what the app shows under the order, from other features (its returns). */
export function OrderPage({ below }: { below?: (order: Order) => ReactNode }) {
  const { orderId = '' } = useParams();
  return <OrderScreen query={useGetOrderQuery(orderId)} problemOf={orderError} below={below} />;
}

/** /orders/guest/:token: a guest's order, read through the link from the order's e-mails, no login needed. */
export function GuestOrderPage() {
  const { token = '' } = useParams();
  return <OrderScreen query={useGetGuestOrderQuery(token)} problemOf={guestOrderError} />;
}

interface OrderScreenProps {
  query: QueryResult<Order>;
  problemOf: (error: unknown) => OrderProblem;
  below?: ((order: Order) => ReactNode) | undefined;
}

function OrderScreen({ query, problemOf, below }: OrderScreenProps) {
  usePageMeta('Your order', 'The status of your order, from payment to delivery.');

  return (
    <div className="container-page max-w-4xl py-14 sm:py-20">
      <p className="eyebrow">Order</p>
      <h1 className="mt-3 mb-8 font-display text-4xl text-ink sm:text-5xl">Your order</h1>
      <QueryState
        query={query}
        loading={
          <div role="status" aria-label="Loading the order" className="space-y-4">
            <Skeleton className="h-24 w-full" />
            <Skeleton className="h-32 w-full" />
          </div>
        }
        failed={(error, retry) => <OrderError problem={problemOf(error)} onRetry={retry} />}
      >
        {(order) => (
          <>
            <OrderDetails order={order} />
            {below?.(order)}
          </>
        )}
      </QueryState>
    </div>
  );
}

function OrderError({ problem, onRetry }: { problem: OrderProblem; onRetry: () => void }) {
  const { pathname } = useLocation();
  return (
    <ErrorMessage title={problem.title}>
      <p>{problem.help}</p>
      <div className="mt-4 flex gap-3">
        {problem.login ? (
          <Link to={paths.login.href()} state={{ returnTo: pathname }} className={buttonClass('primary', 'sm')}>
            Login
          </Link>
        ) : (
          <button type="button" onClick={onRetry} className={buttonClass('outline', 'sm')}>
            Try again
          </button>
        )}
      </div>
    </ErrorMessage>
  );
}
