import { formatMoney, toCents, toDollars } from '@shop/contract/money';
import { ORDER_MESSAGES, type Order, refundRequestSchema } from '@shop/contract/orders';
import { ONE_SIZE } from '@shop/contract/sizes';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { Modal, ModalActions } from '../../ui/modal';
import { SchemaField, useSchemaForm } from '../../ui/schema-form';
import type { DialogProps } from '../../ui/use-dialog';
import { useModalSubmit } from '../../ui/use-modal-submit';
import { useRefundOrderMutation } from './manage-orders.api';

/** What is left to give back on an order, in cents. */
export const leftToRefundCents = (order: Order) => toCents(order.amount) - toCents(order.refunded);

interface OrderRefundModalProps extends DialogProps {
  order: Order | null;
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

/** The refund's amount in dollars, as the admin types it, up to what is left; the reason as the API checks it. */
function refundFormSchema(leftCents: number) {
  return z.object({
    amount: z.string().transform((text, ctx) => {
      const cents = parseDollars(text);
      if (cents === null || cents <= 0)
        ctx.addIssue({ code: 'custom', message: 'Enter an amount in dollars, such as 12.50' });
      else if (cents > leftCents) ctx.addIssue({ code: 'custom', message: ORDER_MESSAGES.overRefund });
      return cents ?? 0;
    }),
    reason: refundRequestSchema.shape.reason,
  });
}

type Restock = Record<string, number>;

function RefundForm({ order, onClose }: { order: Order; onClose: () => void }) {
  const left = leftToRefundCents(order);
  const schema = useMemo(() => refundFormSchema(left), [left]);
  const form = useSchemaForm(schema, { amount: '', reason: '' });
  const [restock, setRestock] = useState<Restock>({});
  const [refundOrder, { isLoading }] = useRefundOrderMutation();
  const { formRef, run } = useModalSubmit(onClose);

  const onSubmit = form.handleSubmit(({ amount, reason }) =>
    run(async () => {
      const { message } = await refundOrder({
        id: order._id,
        kind: 'refund',
        amountCents: amount,
        reason,
        restock: Object.entries(restock).map(([itemId, quantity]) => ({ itemId, quantity })),
      }).unwrap();
      return `${message}: ${formatMoney(toDollars(amount))}`;
    }, 'The refund could not be made.'),
  );

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-5">
      <p className="text-sm text-muted">
        Order <span className="font-mono text-xs break-all text-ink">{order.orderId}</span> ·{' '}
        {formatMoney(order.amount)} paid, <strong className="text-ink">{formatMoney(toDollars(left))}</strong> left to
        refund
      </p>
      <SchemaField
        form={form}
        name="amount"
        id="refund-amount"
        label="Amount ($)"
        hint={`At most ${formatMoney(toDollars(left))}`}
        inputMode="decimal"
        required
        autoComplete="off"
        placeholder="10.00"
      />
      <SchemaField form={form} name="reason" id="refund-reason" label="Reason" maxLength={200} />
      <RestockFields order={order} restock={restock} onChange={setRestock} />
      <ModalActions onCancel={onClose} submitLabel="Refund" busy={isLoading} />
    </form>
  );
}

/** The lines that go back to stock with the refund, each with how many of its pieces. */
function RestockFields({
  order,
  restock,
  onChange,
}: {
  order: Order;
  restock: Restock;
  onChange: (set: (r: Restock) => Restock) => void;
}) {
  const toggle = (itemId: string, quantity: number | null) =>
    onChange(({ [itemId]: _, ...rest }) => (quantity === null ? rest : { ...rest, [itemId]: quantity }));
  return (
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
  );
}
