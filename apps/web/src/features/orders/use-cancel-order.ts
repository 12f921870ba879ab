import { formatMoney, toDollars } from '@shop/contract/money';
import type { Order } from '@shop/contract/orders';
import { useCallback } from 'react';
import { confirmAction } from '../../ui/alerts';
import { adminCallFailed } from '../../ui/dashboard-kit/call-failed';
import { useToast } from '../../ui/toast';
import { useRefundOrderMutation } from './manage-orders.api';
import { leftToRefundCents } from './order-refund-modal';

/** Cancel order: Are you sure?, then all that is left refunded and every line back to stock. */
export function useCancelOrder() {
  const [refundOrder] = useRefundOrderMutation();
  const notify = useToast();
  return useCallback(
    async (order: Order) => {
      const confirmed = await confirmAction({
        title: 'Are you sure?',
        text: `${formatMoney(toDollars(leftToRefundCents(order)))} goes back to the customer and every item goes back to stock. This cannot be undone.`,
        icon: 'warning',
        confirmButtonText: 'Yes, cancel it!',
        cancelButtonText: 'Keep the order',
        destructive: true,
      });
      if (!confirmed) return;
      try {
        const { message } = await refundOrder({ id: order._id, kind: 'cancellation' }).unwrap();
        notify(message, 'success');
      } catch (error) {
        await adminCallFailed('The order could not be cancelled.', error);
      }
    },
    [refundOrder, notify],
  );
}
