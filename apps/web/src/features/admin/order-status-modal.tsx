import { ORDER_STATUSES, type OrderStatus } from '@shop/contract/constants';
import type { Order } from '@shop/contract/orders';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '../../ui/button';
import { Modal } from '../../ui/modal';
import { useToast } from '../../ui/toast';
import { useUpdateOrderStatusMutation } from './admin.api';
import { adminCallFailed } from './call-failed';

interface OrderStatusModalProps {
  order: Order | null;
  open: boolean;
  onClose: () => void;
}

/** SPEC.md 4: an admin may set any status from here; no order of steps is enforced. */
export function OrderStatusModal({ order, open, onClose }: OrderStatusModalProps) {
  return (
    <Modal open={open} onClose={onClose} title="Update Order Status">
      {order && <StatusForm order={order} onClose={onClose} />}
    </Modal>
  );
}

function StatusForm({ order, onClose }: { order: Order; onClose: () => void }) {
  const [status, setStatus] = useState<OrderStatus>(order.status);
  const [updateStatus, { isLoading }] = useUpdateOrderStatusMutation();
  const notify = useToast();
  const formRef = useRef<HTMLFormElement>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    try {
      await updateStatus({ id: order._id, status }).unwrap();
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
    <form ref={formRef} onSubmit={onSubmit} className="space-y-5">
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
          onChange={(e) => setStatus(e.target.value as OrderStatus)}
          className="field capitalize"
        >
          {ORDER_STATUSES.map((s) => (
            <option key={s} value={s}>
              {s}
            </option>
          ))}
        </select>
      </div>
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
