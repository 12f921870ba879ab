import { formatMoney, toCents, toDollars } from '@shop/contract/money';
import type { Order } from '@shop/contract/orders';
import { type Column, DataTable } from '../../ui/dashboard-kit/data-table';
import { QueryPage } from '../../ui/dashboard-kit/query-page';
import { formatDateTime } from '../../ui/dashboard-kit/table-format';
import { alignedRight, TableSkeleton } from '../../ui/dashboard-kit/table-frame';
import { EmptyState } from '../../ui/status-message';
import { useOwnOrdersQuery } from './use-own-orders';

function DiscountCell({ discount }: { discount: Order['discount'] }) {
  if (!discount) return '';
  return (
    <>
      <span className="text-go-dark">−{formatMoney(discount.amount)}</span>
      <span className="block font-mono text-xs text-muted">{discount.code}</span>
    </>
  );
}

/** The payments' columns; Refunded and Discount only when some payment has one. */
function paymentColumns(orders: readonly Order[]): (Column<Order> | false)[] {
  const anyRefund = orders.some((order) => order.refunded > 0);
  const anyDiscount = orders.some((order) => order.discount !== null);
  const figure = 'text-right tabular-nums';
  return [
    { heading: 'Paid on', className: 'whitespace-nowrap', cell: (order) => formatDateTime(order.createdAt) },
    {
      heading: alignedRight('Amount'),
      className: 'text-right font-medium tabular-nums',
      cell: (order) => formatMoney(order.amount),
    },
    anyRefund && {
      heading: alignedRight('Refunded'),
      className: 'text-right tabular-nums text-stop-dark',
      cell: (order) => (order.refunded > 0 ? `−${formatMoney(order.refunded)}` : ''),
    },
    {
      heading: alignedRight('Items'),
      className: figure,
      cell: (order) => order.products.reduce((sum, item) => sum + item.quantity, 0),
    },
    anyDiscount && {
      heading: alignedRight('Discount'),
      className: figure,
      cell: (order) => <DiscountCell discount={order.discount} />,
    },
    { heading: alignedRight('Tax'), className: figure, cell: (order) => formatMoney(order.tax) },
    {
      heading: { heading: 'Transaction ID', key: 'Transaction ID', className: 'pl-8' },
      className: 'pl-8 font-mono text-xs',
      cell: (order) => order.orderId,
    },
  ];
}

/** What the customer paid in all: the payments less what came back. */
function TotalPaid({ orders }: { orders: readonly Order[] }) {
  const totalPaid = toDollars(orders.reduce((sum, order) => sum + toCents(order.amount) - toCents(order.refunded), 0));
  return (
    <p className="rounded-2xl border border-sand bg-white px-5 py-4 text-sm text-muted">
      Total paid: <span className="font-display text-2xl text-ink tabular-nums">{formatMoney(totalPaid)}</span> in{' '}
      {orders.length} {orders.length === 1 ? 'payment' : 'payments'}
    </p>
  );
}

/**
 * Every card payment the customer made, one per order, in dollars and cents. Money
 * given back shows in its own column, and the total is what the customer paid less what came back.
 */
export function UserPaymentsPage() {
  const query = useOwnOrdersQuery();

  return (
    <QueryPage
      eyebrow="My account"
      title="Your Payments"
      description="What you paid, when, and for how many items."
      query={query}
      loading={<TableSkeleton label="Loading your payments" />}
      failed={{ title: 'You have no payments yet', reason: 'The payments could not be loaded.' }}
      empty={
        <EmptyState title="No payments found.">
          <p>Your card payments appear here after checkout.</p>
        </EmptyState>
      }
    >
      {(orders) => (
        <div className="space-y-6">
          <TotalPaid orders={orders} />
          <DataTable
            label="Your payments"
            columns={paymentColumns(orders)}
            rows={orders}
            rowKey={(order) => order._id}
          />
        </div>
      )}
    </QueryPage>
  );
}
