import { formatMoney, toCents, toDollars } from '@shop/contract/money';
import { ORDER_MESSAGES, type Order } from '@shop/contract/orders';
import { ONE_SIZE } from '@shop/contract/sizes';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '../../ui/button';
import { adminCallFailed } from '../../ui/dashboard-kit/call-failed';
import { Modal } from '../../ui/modal';
import { TextField } from '../../ui/text-field';
import { useToast } from '../../ui/toast';
import { useRefundOrderMutation } from './manage-orders.api';

/** What is left to give back on an order, in cents. */
export const leftToRefundCents = (order: Order) => toCents(order.amount) - toCents(order.refunded);

interface OrderRefundModalProps {
  order: Order | null;
  open: boolean;
  onClose: () => void;
}

/** A refund of part of an order: an amount up to what is left, a reason, and the lines that go back to stock. */
export function OrderRefundModal({ order, open, onClose }: OrderRefundModalProps) {
  return (
    <Modal open={open} onClose={onClose} title="Refund Order">
      {order && <RefundForm order={order} onClose={onClose} />}
    </Modal>
  );
}

/** Dollars as typed ("12", "12.5", "12.50") to cents; null when it is not an amount of money. */
function parseDollars(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d{1,2})?$/.test(trimmed)) return null;
  return toCents(Number(trimmed));
}

function RefundForm({ order, onClose }: { order: Order; onClose: () => void }) {
  const left = leftToRefundCents(order);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [restock, setRestock] = useState<Record<string, number>>({});
  const [amountError, setAmountError] = useState<string>();
  const [refundOrder, { isLoading }] = useRefundOrderMutation();
  const notify = useToast();
  const formRef = useRef<HTMLFormElement>(null);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const cents = parseDollars(amount);
    if (cents === null || cents <= 0) return setAmountError('Enter an amount in dollars, such as 12.50');
    if (cents > left) return setAmountError(ORDER_MESSAGES.overRefund);
    setAmountError(undefined);
    try {
      const { message } = await refundOrder({
        id: order._id,
        kind: 'refund',
        amountCents: cents,
        reason,
        restock: Object.entries(restock).map(([itemId, quantity]) => ({ itemId, quantity })),
      }).unwrap();
      notify(`${message}: ${formatMoney(toDollars(cents))}`, 'success');
      onClose();
    } catch (error) {
      await adminCallFailed('The refund could not be made.', error, formRef.current?.closest('dialog'));
    }
  }

  const toggle = (itemId: string, quantity: number | null) =>
    setRestock(({ [itemId]: _, ...rest }) => (quantity === null ? rest : { ...rest, [itemId]: quantity }));

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-5">
      <p className="text-sm text-muted">
        Order <span className="font-mono text-xs break-all text-ink">{order.orderId}</span> ·{' '}
        {formatMoney(order.amount)} paid, <strong className="text-ink">{formatMoney(toDollars(left))}</strong> left to
        refund
      </p>
      <TextField
        id="refund-amount"
        label="Amount ($)"
        value={amount}
        onChange={setAmount}
        error={amountError}
        hint={`At most ${formatMoney(toDollars(left))}`}
        inputMode="decimal"
        required
        autoComplete="off"
        placeholder="10.00"
      />
      <TextField id="refund-reason" label="Reason" value={reason} onChange={setReason} maxLength={200} />
      <fieldset>
        <legend className="field-label">Back to stock</legend>
        <ul className="space-y-2">
          {order.products.map((item) => {
            const chosen = restock[item._id];
            const label = `${item.name}${item.size && item.size !== ONE_SIZE ? ` (${item.size})` : ''}`;
            return (
              <li key={item._id} className="flex flex-wrap items-center gap-3 text-sm">
                <label className="flex min-w-0 flex-1 items-center gap-2">
                  <input
                    type="checkbox"
                    checked={chosen !== undefined}
                    onChange={(e) => toggle(item._id, e.target.checked ? item.quantity : null)}
                    className="size-4 accent-ink"
                  />
                  <span className="truncate">{label}</span>
                </label>
                {chosen !== undefined && item.quantity > 1 && (
                  <select
                    aria-label={`Pieces of ${label} back to stock`}
                    value={chosen}
                    onChange={(e) => toggle(item._id, Number(e.target.value))}
                    className="field w-20 py-1"
                  >
                    {Array.from({ length: item.quantity }, (_, i) => i + 1).map((n) => (
                      <option key={n} value={n}>
                        {n}
                      </option>
                    ))}
                  </select>
                )}
              </li>
            );
          })}
        </ul>
      </fieldset>
      <div className="flex justify-end gap-3">
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
        <Button type="submit" busy={isLoading}>
          Refund
        </Button>
      </div>
    </form>
  );
}
