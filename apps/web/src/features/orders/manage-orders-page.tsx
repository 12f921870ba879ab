import { ORDER_CLOSED_STATUSES } from '@shop/contract/constants';
import { ALL_ORDERS_DEFAULT_LIMIT, type Order } from '@shop/contract/orders';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { apiErrorMessage } from '../../lib/api-error';
import { OrderStatusBadge } from '../../ui/dashboard-kit/order-status-badge';
import { PageHeader } from '../../ui/dashboard-kit/page-header';
import { RetryButton } from '../../ui/dashboard-kit/retry-button';
import { formatDate, rowNumber } from '../../ui/dashboard-kit/table-format';
import {
  actionLink,
  alignedRight,
  deleteButton,
  rowClass,
  TableFrame,
  TableHead,
  TableSkeleton,
  tableClass,
  td,
} from '../../ui/dashboard-kit/table-frame';
import { useConfirmedDelete } from '../../ui/dashboard-kit/use-confirmed-delete';
import { usePageParam } from '../../ui/dashboard-kit/use-page-param';
import { DiscountNote } from '../../ui/order-discount';
import { ShipToNote } from '../../ui/order-shipping';
import { Pagination } from '../../ui/pagination';
import { EmptyState, ErrorMessage } from '../../ui/status-message';
import { useDeleteOrderMutation, useGetAllOrdersQuery } from './manage-orders.api';
import { leftToRefundCents, OrderRefundModal } from './order-refund-modal';
import { OrderStatusModal } from './order-status-modal';
import { useCancelOrder } from './use-cancel-order';

const LIMIT = ALL_ORDERS_DEFAULT_LIMIT;

/** Breaks a long address after the @ only, so the table fits a laptop screen. */
function EmailCell({ email }: { email: string }) {
  const at = email.lastIndexOf('@');
  if (at < 0) return email;
  return (
    <>
      {email.slice(0, at + 1)}
      <wbr />
      {email.slice(at + 1)}
    </>
  );
}

/** Cancelled and refunded orders are closed: their status came from giving the money back. */
const isClosed = (order: Order) => (ORDER_CLOSED_STATUSES as readonly string[]).includes(order.status);

/** Every order, newest first, with View, Edit (its status) and Delete. */
export function ManageOrdersPage() {
  const [page, setPage] = usePageParam();
  const { data, error, isLoading, isFetching, refetch } = useGetAllOrdersQuery(
    { page, limit: LIMIT },
    { refetchOnMountOrArgChange: true },
  );
  const [deleteOrder] = useDeleteOrderMutation();
  const [editing, setEditing] = useState<{ order: Order | null; open: boolean; n: number }>({
    order: null,
    open: false,
    n: 0,
  });
  const [refunding, setRefunding] = useState<{ order: Order | null; open: boolean; n: number }>({
    order: null,
    open: false,
    n: 0,
  });
  const cancelOrder = useCancelOrder();
  const confirmedDelete = useConfirmedDelete();
  const totalPages = Math.max(1, Math.ceil((data?.total ?? 0) / LIMIT));

  useEffect(() => {
    if (data && page > totalPages) setPage(totalPages);
  }, [data, page, totalPages, setPage]);

  const onDelete = (order: Order) =>
    confirmedDelete(
      'This order will be deleted permanently!',
      () => deleteOrder(order._id).unwrap(),
      'There was an issue deleting the order. Please try again.',
    );

  return (
    <>
      <PageHeader eyebrow="Admin dashboard" title="Manage Orders" description="Every order, newest first." />
      {isLoading ? (
        <TableSkeleton label="Loading the orders" />
      ) : error ? (
        <ErrorMessage title="Something went wrong!">
          {apiErrorMessage(error) && <p>{apiErrorMessage(error)}</p>}
          <RetryButton onRetry={refetch} />
        </ErrorMessage>
      ) : !data?.orders.length ? (
        <EmptyState title="No orders found." />
      ) : (
        <div className={`space-y-6 transition-opacity ${isFetching ? 'opacity-60' : ''}`} aria-busy={isFetching}>
          <TableFrame label="Orders">
            <table className={tableClass}>
              <TableHead columns={['No.', 'Order ID', 'Customer', 'Status', 'Last updated', alignedRight('Actions')]} />
              <tbody>
                {data.orders.map((order, index) => (
                  <tr key={order._id} className={rowClass}>
                    <td className={`${td} text-muted tabular-nums`}>{rowNumber(page, LIMIT, index)}</td>
                    <td className={`${td} min-w-48 font-mono text-xs break-all`}>
                      {order.orderId}
                      <DiscountNote discount={order.discount} />
                    </td>
                    <td className={td}>
                      <EmailCell email={order.email} />
                      <ShipToNote shipping={order.shipping} />
                    </td>
                    <td className={td}>
                      <OrderStatusBadge status={order.status} />
                    </td>
                    <td className={`${td} whitespace-nowrap`}>
                      <time dateTime={order.updatedAt}>{formatDate(order.updatedAt)}</time>
                    </td>
                    <td className={td}>
                      {/* Wrapped onto two lines rather than pushed out of a laptop's view. */}
                      <div className="ml-auto flex max-w-[12.5rem] flex-wrap justify-end gap-x-3 gap-y-1.5 whitespace-nowrap">
                        <Link to={paths.order.href(order._id)} className={actionLink}>
                          View<span className="sr-only"> order {order.orderId}</span>
                        </Link>
                        {!isClosed(order) && (
                          <button
                            type="button"
                            onClick={() => setEditing((e) => ({ order, open: true, n: e.n + 1 }))}
                            className={actionLink}
                          >
                            Edit<span className="sr-only"> order {order.orderId}</span>
                          </button>
                        )}
                        {leftToRefundCents(order) > 0 && (
                          <>
                            <button
                              type="button"
                              onClick={() => setRefunding((r) => ({ order, open: true, n: r.n + 1 }))}
                              className={actionLink}
                            >
                              Refund<span className="sr-only"> order {order.orderId}</span>
                            </button>
                            <button type="button" onClick={() => void cancelOrder(order)} className={actionLink}>
                              Cancel order<span className="sr-only"> {order.orderId}</span>
                            </button>
                          </>
                        )}
                        <button type="button" onClick={() => void onDelete(order)} className={deleteButton}>
                          Delete<span className="sr-only"> order {order.orderId}</span>
                        </button>
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
          <Pagination page={page} totalPages={totalPages} onPageChange={setPage} />
        </div>
      )}
      <OrderStatusModal
        key={editing.n}
        order={editing.order}
        open={editing.open}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
      <OrderRefundModal
        key={`refund-${refunding.n}`}
        order={refunding.order}
        open={refunding.open}
        onClose={() => setRefunding((r) => ({ ...r, open: false }))}
      />
    </>
  );
}
