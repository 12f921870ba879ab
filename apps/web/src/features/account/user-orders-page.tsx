import { formatMoney } from '@shop/contract/money';
import type { Order } from '@shop/contract/orders';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { buttonClass } from '../../ui/button';
import { type Column, DataTable, numberColumn } from '../../ui/dashboard-kit/data-table';
import { OrderStatusBadge } from '../../ui/dashboard-kit/order-status-badge';
import { QueryPage } from '../../ui/dashboard-kit/query-page';
import { formatDate } from '../../ui/dashboard-kit/table-format';
import { alignedRight, TableSkeleton } from '../../ui/dashboard-kit/table-frame';
import { DiscountNote } from '../../ui/order-discount';
import { ShipToCell } from '../../ui/order-shipping';
import { EmptyState } from '../../ui/status-message';
import { ConfirmEmailNotice } from './confirm-email-notice';
import { useOwnOrdersQuery } from './use-own-orders';

/** The details link's column: named for screen readers, blank on screen. */
const DETAILS_COLUMN = { heading: <span className="sr-only">Details</span>, key: 'Details', className: '' };

const columns: Column<Order>[] = [
  numberColumn(),
  { heading: 'Transaction ID', className: 'min-w-40 font-mono text-xs break-all', cell: (order) => order.orderId },
  { heading: 'Date', className: 'whitespace-nowrap', cell: (order) => formatDate(order.createdAt) },
  { heading: 'Status', cell: (order) => <OrderStatusBadge status={order.status} /> },
  { heading: 'Ship to', cell: (order) => <ShipToCell shipping={order.shipping} /> },
  {
    heading: alignedRight('Total'),
    className: 'text-right font-medium tabular-nums',
    cell: (order) => (
      <>
        {formatMoney(order.amount)}
        <DiscountNote discount={order.discount} />
      </>
    ),
  },
  {
    heading: DETAILS_COLUMN,
    className: 'text-right',
    cell: (order) => (
      <Link
        to={paths.order.href(order._id)}
        className="font-medium whitespace-nowrap text-clay underline-offset-4 hover:underline"
      >
        View order<span className="sr-only"> {order.orderId}</span>
      </Link>
    ),
  },
];

function NoOrders() {
  return (
    <EmptyState title="You have no recent orders.">
      <p>When you buy something, you can follow it here.</p>
      <Link to={paths.shop.href()} className={buttonClass('primary', 'sm', 'mt-5')}>
        Go to the shop
      </Link>
    </EmptyState>
  );
}

/** The customer's orders, the order id shown as Transaction ID, prices in dollars. */
export function UserOrdersPage() {
  const query = useOwnOrdersQuery();

  return (
    <QueryPage
      eyebrow="My account"
      title="Your Orders"
      description="Every order you placed, newest first."
      query={query}
      loading={<TableSkeleton label="Loading your orders" />}
      failed={{ title: 'Something went wrong!', reason: true }}
      empty={
        <>
          <ConfirmEmailNotice />
          <NoOrders />
        </>
      }
    >
      {(orders) => (
        <>
          <ConfirmEmailNotice />
          <DataTable label="Your orders" columns={columns} rows={orders} rowKey={(order) => order._id} />
        </>
      )}
    </QueryPage>
  );
}
