import { ORDER_STATUSES, type TrackedOrderStatus } from '@shop/contract/constants';
import { type Order, orderStatusUpdateRequestSchema } from '@shop/contract/orders';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '../../ui/button';
import { adminCallFailed } from '../../ui/dashboard-kit/call-failed';
import { Modal } from '../../ui/modal';
import { TextField } from '../../ui/text-field';
import { useToast } from '../../ui/toast';
import { useUpdateOrderStatusMutation } from './manage-orders.api';

interface OrderStatusModalProps {
  order: Order | null;
  open: boolean;
  onClose: () => void;
}

/**
 * An admin may set any status from here, backwards too, to correct a mistake; no order of steps is
 * enforced. Shipped asks for the carrier and tracking number, which the shipped mail and the customer's
 * order page show.
 */
export function OrderStatusModal({ order, open, onClose }: OrderStatusModalProps) {
  return (
    <Modal open={open} onClose={onClose} title="Update Order Status">
      {order && <StatusForm order={order} onClose={onClose} />}
    </Modal>
  );
}

function StatusForm({ order, onClose }: { order: Order; onClose: () => void }) {
  const [status, setStatus] = useState<TrackedOrderStatus>(
    (ORDER_STATUSES as readonly string[]).includes(order.status) ? (order.status as TrackedOrderStatus) : 'pending',
  );
  const [carrier, setCarrier] = useState(order.carrier ?? '');
  const [trackingNumber, setTrackingNumber] = useState(order.trackingNumber ?? '');
  const [errors, setErrors] = useState<{ carrier?: string; trackingNumber?: string }>({});
  const [updateStatus, { isLoading }] = useUpdateOrderStatusMutation();
  const notify = useToast();
  const formRef = useRef<HTMLFormElement>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    // Empty texts go to the contract's schema as they are, so shipped without them gets its messages.
    const check = orderStatusUpdateRequestSchema.safeParse(
      status === 'shipped' ? { status, carrier, trackingNumber } : { status },
    );
    if (!check.success) {
      const found: typeof errors = {};
      for (const issue of check.error.issues) {
        const field = issue.path[0];
        if ((field === 'carrier' || field === 'trackingNumber') && !found[field]) found[field] = issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      await updateStatus({ id: order._id, ...check.data }).unwrap();
      notify('Order status updated successfully!', 'success');
      onClose();
    } catch (error) {
      await adminCallFailed(
        'Failed to update the order status. Please try again.',
        error,
        formRef.current?.closest('dialog'),
      );
    }
  }

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-5">
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
      <div>
        <label htmlFor="order-status" className="field-label">
          Status
        </label>
        <select
          id="order-status"
          value={status}
          onChange={(e) => setStatus(e.target.value as TrackedOrderStatus)}
          className="field capitalize"
        >
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
      {status === 'shipped' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            id="order-carrier"
            label="Carrier"
            value={carrier}
            onChange={setCarrier}
            error={errors.carrier}
            required
            maxLength={100}
            autoComplete="off"
            placeholder="UPS"
          />
          <TextField
            id="order-tracking"
            label="Tracking number"
            value={trackingNumber}
            onChange={setTrackingNumber}
            error={errors.trackingNumber}
            required
            maxLength={100}
            autoComplete="off"
          />
        </div>
      )}
      <div className="flex justify-end gap-3">
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" busy={isLoading}>
          Update
        </Button>
      </div>
    </form>
  );
}
