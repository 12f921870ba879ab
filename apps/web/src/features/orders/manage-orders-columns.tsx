import { ORDER_CLOSED_STATUSES } from '@shop/contract/constants';
import type { Order } from '@shop/contract/orders';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { type Column, numberColumn } from '../../ui/dashboard-kit/data-table';
import { EmailCell } from '../../ui/dashboard-kit/email-cell';
import { OrderStatusBadge } from '../../ui/dashboard-kit/order-status-badge';
import { formatDate } from '../../ui/dashboard-kit/table-format';
import { actionLink, alignedRight, deleteButton } from '../../ui/dashboard-kit/table-frame';
import { DiscountNote } from '../../ui/order-discount';
import { ShipToNote } from '../../ui/order-shipping';
import { leftToRefundCents } from './order-refund-modal';

/** Cancelled and refunded orders are closed: their status came from giving the money back. */
const isClosed = (order: Order) => (ORDER_CLOSED_STATUSES as readonly string[]).includes(order.status);

/** What an admin can do to one order from the list. */
export interface OrderActions {
  edit: (order: Order) => void;
  refund: (order: Order) => void;
  cancel: (order: Order) => void;
  remove: (order: Order) => void;
}

function OrderActionsCell({ order, actions }: { order: Order; actions: OrderActions }) {
  return (
    // Wrapped onto two lines rather than pushed out of a laptop's view.
    <div className="ml-auto flex max-w-[12.5rem] flex-wrap justify-end gap-x-3 gap-y-1.5 whitespace-nowrap">
      <Link to={paths.order.href(order._id)} className={actionLink}>
        View<span className="sr-only"> order {order.orderId}</span>
      </Link>
      {!isClosed(order) && (
        <button type="button" onClick={() => actions.edit(order)} className={actionLink}>
          Edit<span className="sr-only"> order {order.orderId}</span>
        </button>
      )}
      {leftToRefundCents(order) > 0 && (
        <>
          <button type="button" onClick={() => actions.refund(order)} className={actionLink}>
            Refund<span className="sr-only"> order {order.orderId}</span>
          </button>
          <button type="button" onClick={() => actions.cancel(order)} className={actionLink}>
            Cancel order<span className="sr-only"> {order.orderId}</span>
          </button>
        </>
      )}
      <button type="button" onClick={() => actions.remove(order)} className={deleteButton}>
        Delete<span className="sr-only"> order {order.orderId}</span>
      </button>
    </div>
  );
}

/** Manage Orders' columns: the number across pages, the order, its customer, status, date and actions. */
export function manageOrdersColumns(page: number, pageSize: number, actions: OrderActions): Column<Order>[] {
  return [
    numberColumn(page, pageSize),
    {
      heading: 'Order ID',
      className: 'min-w-48 font-mono text-xs break-all',
      cell: (order) => (
        <>
          {order.orderId}
          <DiscountNote discount={order.discount} />
        </>
      ),
    },
    {
      heading: 'Customer',
      cell: (order) => (
        <>
          <EmailCell email={order.email} />
          <ShipToNote shipping={order.shipping} />
        </>
      ),
    },
    { heading: 'Status', cell: (order) => <OrderStatusBadge status={order.status} /> },
    {
      heading: 'Last updated',
      className: 'whitespace-nowrap',
      cell: (order) => <time dateTime={order.updatedAt}>{formatDate(order.updatedAt)}</time>,
    },
    { heading: alignedRight('Actions'), cell: (order) => <OrderActionsCell order={order} actions={actions} /> },
  ];
}
