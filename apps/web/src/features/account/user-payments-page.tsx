import { formatMoney, toCents, toDollars } from '@shop/contract/money';
import { apiErrorMessage } from '../../lib/api-error';
import { useDashboardUser } from '../../ui/dashboard-kit/dashboard-user';
import { PageHeader } from '../../ui/dashboard-kit/page-header';
import { RetryButton } from '../../ui/dashboard-kit/retry-button';
import { formatDateTime } from '../../ui/dashboard-kit/table-format';
import {
  alignedRight,
  rowClass,
  TableFrame,
  TableHead,
  TableSkeleton,
  tableClass,
  td,
} from '../../ui/dashboard-kit/table-frame';
import { EmptyState, ErrorMessage } from '../../ui/status-message';
import { FRESH, useGetOrdersByEmailQuery } from './account.api';

/**
 * Every card payment the customer made, one per order, in dollars and cents. Money
 * given back shows in its own column, and the total is what the customer paid less what came back.
 */
export function UserPaymentsPage() {
  const user = useDashboardUser();
  const { data: orders, error, isLoading, refetch } = useGetOrdersByEmailQuery(user.email, FRESH);
  const totalPaid = toDollars(
    (orders ?? []).reduce((sum, order) => sum + toCents(order.amount) - toCents(order.refunded), 0),
  );
  const anyRefund = (orders ?? []).some((order) => order.refunded > 0);
  const anyDiscount = (orders ?? []).some((order) => order.discount !== null);

  return (
    <>
      <PageHeader
        eyebrow="My account"
        title="Your Payments"
        description="What you paid, when, and for how many items."
      />
      {isLoading ? (
        <TableSkeleton label="Loading your payments" />
      ) : error ? (
        <ErrorMessage title="You have no payments yet">
          <p>{apiErrorMessage(error) ?? 'The payments could not be loaded.'}</p>
          <RetryButton onRetry={refetch} />
        </ErrorMessage>
      ) : !orders?.length ? (
        <EmptyState title="No payments found.">
          <p>Your card payments appear here after checkout.</p>
        </EmptyState>
      ) : (
        <div className="space-y-6">
          <p className="rounded-2xl border border-sand bg-white px-5 py-4 text-sm text-muted">
            Total paid: <span className="font-display text-2xl text-ink tabular-nums">{formatMoney(totalPaid)}</span> in{' '}
            {orders.length} {orders.length === 1 ? 'payment' : 'payments'}
          </p>
          <TableFrame label="Your payments">
            <table className={tableClass}>
              <TableHead
                columns={[
                  'Paid on',
                  alignedRight('Amount'),
                  anyRefund && alignedRight('Refunded'),
                  alignedRight('Items'),
                  anyDiscount && alignedRight('Discount'),
                  alignedRight('Tax'),
                  { heading: 'Transaction ID', key: 'Transaction ID', className: 'pl-8' },
                ]}
              />
              <tbody>
                {orders.map((order) => (
                  <tr key={order._id} className={rowClass}>
                    <td className={`${td} whitespace-nowrap`}>{formatDateTime(order.createdAt)}</td>
                    <td className={`${td} text-right font-medium tabular-nums`}>{formatMoney(order.amount)}</td>
                    {anyRefund && (
                      <td className={`${td} text-right tabular-nums text-stop-dark`}>
                        {order.refunded > 0 ? `−${formatMoney(order.refunded)}` : ''}
                      </td>
                    )}
                    <td className={`${td} text-right tabular-nums`}>
                      {order.products.reduce((sum, item) => sum + item.quantity, 0)}
                    </td>
                    {anyDiscount && (
                      <td className={`${td} text-right tabular-nums`}>
                        {order.discount ? (
                          <>
                            <span className="text-go-dark">−{formatMoney(order.discount.amount)}</span>
                            <span className="block font-mono text-xs text-muted">{order.discount.code}</span>
                          </>
                        ) : (
                          ''
                        )}
                      </td>
                    )}
                    <td className={`${td} text-right tabular-nums`}>{formatMoney(order.tax)}</td>
                    <td className={`${td} pl-8 font-mono text-xs`}>{order.orderId}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
        </div>
      )}
    </>
  );
}
