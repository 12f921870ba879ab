import { formatMoney } from '@shop/contract/money';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { apiErrorMessage } from '../../lib/api-error';
import { buttonClass } from '../../ui/button';
import { useDashboardUser } from '../../ui/dashboard-kit/dashboard-user';
import { OrderStatusBadge } from '../../ui/dashboard-kit/order-status-badge';
import { PageHeader } from '../../ui/dashboard-kit/page-header';
import { RetryButton } from '../../ui/dashboard-kit/retry-button';
import { formatDate } from '../../ui/dashboard-kit/table-format';
import {
  alignedRight,
  rowClass,
  TableFrame,
  TableHead,
  TableSkeleton,
  tableClass,
  td,
} from '../../ui/dashboard-kit/table-frame';
import { DiscountNote } from '../../ui/order-discount';
import { ShipToCell } from '../../ui/order-shipping';
import { EmptyState, ErrorMessage } from '../../ui/status-message';
import { FRESH, useGetOrdersByEmailQuery } from './account.api';

/** The details link's column: named for screen readers, blank on screen. */
const DETAILS_COLUMN = { heading: <span className="sr-only">Details</span>, key: 'Details', className: '' };

/** The customer's orders, the order id shown as Transaction ID, prices in dollars. */
export function UserOrdersPage() {
  const user = useDashboardUser();
  const { data: orders, error, isLoading, refetch } = useGetOrdersByEmailQuery(user.email, FRESH);

  return (
    <>
      <PageHeader eyebrow="My account" title="Your Orders" description="Every order you placed, newest first." />
      {isLoading ? (
        <TableSkeleton label="Loading your orders" />
      ) : error ? (
        <ErrorMessage title="Something went wrong!">
          {apiErrorMessage(error) && <p>{apiErrorMessage(error)}</p>}
          <RetryButton onRetry={refetch} />
        </ErrorMessage>
      ) : !orders?.length ? (
        <EmptyState title="You have no recent orders.">
          <p>When you buy something, you can follow it here.</p>
          <Link to={paths.shop.href()} className={buttonClass('primary', 'sm', 'mt-5')}>
            Go to the shop
          </Link>
        </EmptyState>
      ) : (
        <TableFrame label="Your orders">
          <table className={tableClass}>
            <TableHead
              columns={['No.', 'Transaction ID', 'Date', 'Status', 'Ship to', alignedRight('Total'), DETAILS_COLUMN]}
            />
            <tbody>
              {orders.map((order, index) => (
                <tr key={order._id} className={rowClass}>
                  <td className={`${td} text-muted tabular-nums`}>{index + 1}</td>
                  <td className={`${td} min-w-40 font-mono text-xs break-all`}>{order.orderId}</td>
                  <td className={`${td} whitespace-nowrap`}>{formatDate(order.createdAt)}</td>
                  <td className={td}>
                    <OrderStatusBadge status={order.status} />
                  </td>
                  <td className={td}>
                    <ShipToCell shipping={order.shipping} />
                  </td>
                  <td className={`${td} text-right font-medium tabular-nums`}>
                    {formatMoney(order.amount)}
                    <DiscountNote discount={order.discount} />
                  </td>
                  <td className={`${td} text-right`}>
                    <Link
                      to={paths.order.href(order._id)}
                      className="font-medium whitespace-nowrap text-clay underline-offset-4 hover:underline"
                    >
                      View order<span className="sr-only"> {order.orderId}</span>
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableFrame>
      )}
    </>
  );
}
