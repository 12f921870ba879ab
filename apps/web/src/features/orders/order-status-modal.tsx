import { ORDER_STATUSES } from '@shop/contract/constants';
import { type Order, type OrderStatusUpdateRequest, orderStatusUpdateRequestSchema } from '@shop/contract/orders';
import type { UseFormReturn } from 'react-hook-form';
import { EditValueModal } from '../../ui/edit-value-modal';
import { isTrackedStatus } from '../../ui/order-tracker';
import { SchemaField } from '../../ui/schema-form';
import type { DialogProps } from '../../ui/use-dialog';
import { useUpdateOrderStatusMutation } from './manage-orders.api';

interface OrderStatusModalProps extends DialogProps {
  order: Order | null;
}

/**
 * An admin may set any status from here, backwards too, to correct a mistake; no order of steps is
 * enforced. Shipped asks for the carrier and tracking number, which the shipped mail and the customer's
 * order page show.
 */
export function OrderStatusModal({ order, open, onClose }: OrderStatusModalProps) {
  const [updateStatus, { isLoading }] = useUpdateOrderStatusMutation();
  return (
    <EditValueModal<OrderStatusUpdateRequest>
      open={open}
      onClose={onClose}
      title="Update Order Status"
      submitLabel="Update"
      busy={isLoading}
      edit={
        order && {
          key: order._id,
          schema: orderStatusUpdateRequestSchema,
          defaultValues: {
            status: isTrackedStatus(order.status) ? order.status : 'pending',
            carrier: order.carrier ?? '',
            trackingNumber: order.trackingNumber ?? '',
          },
          current: <OrderNamed order={order} />,
          field: {
            name: 'status',
            id: 'order-status',
            label: 'Status',
            choices: ORDER_STATUSES,
            className: 'field capitalize',
          },
          more: (form) => form.watch('status') === 'shipped' && <TrackingFields form={form} />,
          save: (update) => updateStatus({ id: order._id, ...update }).unwrap(),
          saved: 'Order status updated successfully!',
          failed: 'Failed to update the order status. Please try again.',
        }
      }
    />
  );
}

function OrderNamed({ order }: { order: Order }) {
  return (
    <dl className="space-y-1 text-sm">
      <div className="flex flex-wrap gap-x-2">
        <dt className="text-muted">Order</dt>
        <dd className="font-mono text-xs leading-5 break-all">{order.orderId}</dd>
      </div>
      <div className="flex flex-wrap gap-x-2">
        <dt className="text-muted">Customer</dt>
        <dd className="break-all">{order.email}</dd>
      </div>
    </dl>
  );
}

/** Shown only for shipped: out of the form otherwise, so the schema checks them only then. */
function TrackingFields({ form }: { form: UseFormReturn<OrderStatusUpdateRequest> }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <SchemaField
        form={form}
        name="carrier"
        id="order-carrier"
        label="Carrier"
        required
        maxLength={100}
        autoComplete="off"
        placeholder="UPS"
      />
      <SchemaField
        form={form}
        name="trackingNumber"
        id="order-tracking"
        label="Tracking number"
        required
        maxLength={100}
        autoComplete="off"
      />
    </div>
  );
}
