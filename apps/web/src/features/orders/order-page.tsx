import { Link, useLocation, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { apiErrorStatus, isNetworkError } from '../../lib/api-error';
import { buttonClass } from '../../ui/button';
import { QueryState } from '../../ui/dashboard-kit/query-state';
import { Skeleton } from '../../ui/skeleton';
import { ErrorMessage } from '../../ui/status-message';
import { usePageMeta } from '../../ui/use-page-meta';
import { OrderDetails } from './order-details';
import { useGetOrderQuery } from './orders.api';

function orderError(error: unknown): { title: string; help: string; login?: boolean } {
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

export function OrderPage() {
  const { orderId = '' } = useParams();
  const query = useGetOrderQuery(orderId);
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
        failed={(error, retry) => <OrderError error={error} onRetry={retry} />}
      >
        {(order) => <OrderDetails order={order} />}
      </QueryState>
    </div>
  );
}

function OrderError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const problem = orderError(error);
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
