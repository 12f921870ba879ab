import { ALL_ORDERS_DEFAULT_LIMIT, type Order } from '@shop/contract/orders';
import { DataTable } from '../../ui/dashboard-kit/data-table';
import { QueryPage } from '../../ui/dashboard-kit/query-page';
import { TableSkeleton } from '../../ui/dashboard-kit/table-frame';
import { useConfirmedDelete } from '../../ui/dashboard-kit/use-confirmed-delete';
import { useOpenedRecord } from '../../ui/dashboard-kit/use-opened-record';
import { usePagedList } from '../../ui/dashboard-kit/use-paged-list';
import { useDeleteOrderMutation, useGetAllOrdersQuery } from './manage-orders.api';
import { manageOrdersColumns } from './manage-orders-columns';
import { OrderRefundModal } from './order-refund-modal';
import { OrderStatusModal } from './order-status-modal';
import { useCancelOrder } from './use-cancel-order';

const LIMIT = ALL_ORDERS_DEFAULT_LIMIT;

/** Delete an order, after Are you sure?: it cannot be undone. */
function useDeleteOrder() {
  const [deleteOrder] = useDeleteOrderMutation();
  const confirmedDelete = useConfirmedDelete();
  return (order: Order) =>
    void confirmedDelete(
      'This order will be deleted permanently!',
      () => deleteOrder(order._id).unwrap(),
      'There was an issue deleting the order. Please try again.',
    );
}

/** Every order, newest first, with View, Edit (its status) and Delete. */
export function ManageOrdersPage() {
  const { page, query, paged } = usePagedList(useGetAllOrdersQuery, LIMIT, (data) => Math.ceil(data.total / LIMIT), {
    refetchOnMountOrArgChange: true,
  });
  const editing = useOpenedRecord<Order>();
  const refunding = useOpenedRecord<Order>();
  const cancelOrder = useCancelOrder();
  const remove = useDeleteOrder();
  const columns = manageOrdersColumns(page, LIMIT, {
    edit: editing.openWith,
    refund: refunding.openWith,
    cancel: (order) => void cancelOrder(order),
    remove,
  });

  return (
    <>
      <QueryPage
        eyebrow="Admin dashboard"
        title="Manage Orders"
        description="Every order, newest first."
        query={query}
        loading={<TableSkeleton label="Loading the orders" />}
        failed={{ title: 'Something went wrong!', reason: true }}
        empty="No orders found."
        isEmpty={(data) => !data.orders.length}
      >
        {(data) =>
          paged(<DataTable label="Orders" columns={columns} rows={data.orders} rowKey={(order) => order._id} />)
        }
      </QueryPage>
      <OrderStatusModal key={editing.key} order={editing.record} open={editing.open} onClose={editing.close} />
      <OrderRefundModal
        key={`refund-${refunding.key}`}
        order={refunding.record}
        open={refunding.open}
        onClose={refunding.close}
      />
    </>
  );
}
