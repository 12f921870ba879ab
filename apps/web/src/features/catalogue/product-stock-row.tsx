import {
  STOCK_REASON_LABELS,
  type StockChangeRequest,
  stockChangeRequestSchema,
  type VariantStock,
} from '@shop/contract/inventory';
import type { FormEvent } from 'react';
import { Button } from '../../ui/button';
import { StockBadge } from '../../ui/dashboard-kit/stock-badge';
import { stockLevel } from '../../ui/dashboard-kit/stock-level';
import { rowClass, td } from '../../ui/dashboard-kit/table-frame';
import { useSchemaForm } from '../../ui/schema-form';
import { useToast } from '../../ui/toast';
import { useFormProblem } from '../../ui/use-form-problem';
import { useChangeStockMutation } from './manage-products.api';

/**
 * A size of a colour of the product's scale, with its counts when the product comes in it; `label` names
 * it to the admin (`size M`, or `Red size M` for a product in several colours).
 */
export interface StockRow {
  colour: VariantStock['colour'];
  size: string;
  label: string;
  variant: VariantStock | null;
}

/** A size's new count and reason, checked with the contract's schema, then sent; the one problem to show. */
function useStockChange(productId: string, { colour, size, label, variant }: StockRow) {
  const reason: StockChangeRequest['reason'] = variant ? 'adjustment' : 'restock';
  // The row's size is one of the product's scale or one the server already carries, so it is a size.
  const form = useSchemaForm(stockChangeRequestSchema, {
    size: size as StockChangeRequest['size'],
    colour,
    reason,
  });
  const { problem, send } = useFormProblem();
  const [changeStock, { isLoading }] = useChangeStockMutation();
  const notify = useToast();

  function save(event: FormEvent) {
    // The count the admin saw is the one on the screen now, which the last save may have changed.
    form.setValue('expectedOnHand', variant?.onHand);
    return form.handleSubmit(async (change) => {
      await send(async () => {
        await changeStock({ id: productId, change }).unwrap();
        form.resetField('onHand');
        notify(`Stock of ${label} saved: ${change.onHand} on hand.`, 'success');
      }, 'The stock could not be saved. Please try again.');
    })(event);
  }

  const invalid = Object.values(form.formState.errors)[0]?.message;
  return { form, problem: invalid ?? problem, save, saving: isLoading };
}

/** A size's counts as the table's first cells. */
function StockCounts({ row: { size, variant } }: { row: StockRow }) {
  return (
    <>
      <th scope="row" className={`${td} text-left font-medium`}>
        {size}
      </th>
      <td className={`${td} font-mono text-xs whitespace-nowrap text-muted`}>{variant?.sku ?? 'Not carried'}</td>
      <td className={`${td} text-right tabular-nums`}>{variant?.onHand ?? '—'}</td>
      <td className={`${td} text-right tabular-nums`}>{variant?.reserved ?? '—'}</td>
      <td className={`${td} text-right tabular-nums`}>
        {variant ? (
          <>
            <span className="inline-flex items-center gap-2">
              <StockBadge level={stockLevel(variant.available)} />
              {variant.available}
            </span>
            {/* Shoppers waiting to be e-mailed when the size is back: told once it is available again. */}
            {variant.waiting > 0 && <span className="block text-xs text-muted">{variant.waiting} waiting</span>}
          </>
        ) : (
          '—'
        )}
      </td>
    </>
  );
}

export function StockRowForm({ productId, row }: { productId: string; row: StockRow }) {
  const { form, problem, save, saving } = useStockChange(productId, row);
  const { label, variant } = row;
  const problemId = `stock-problem-${row.colour}-${row.size}`;
  return (
    <tr className={rowClass}>
      <StockCounts row={row} />
      <td className={td}>
        <form onSubmit={save} noValidate className="flex flex-wrap items-center gap-2">
          <input
            type="number"
            inputMode="numeric"
            min="0"
            step="1"
            {...form.register('onHand', { valueAsNumber: true })}
            aria-label={`New count on hand of ${label}`}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? problemId : undefined}
            placeholder={variant ? String(variant.onHand) : '0'}
            className="field w-24 py-1.5 tabular-nums"
          />
          <select
            {...form.register('reason')}
            aria-label={`Reason for the change of ${label}`}
            className="field w-auto py-1.5"
          >
            <option value="adjustment">{STOCK_REASON_LABELS.adjustment}</option>
            <option value="restock">{STOCK_REASON_LABELS.restock}</option>
          </select>
          <Button type="submit" size="sm" variant="outline" busy={saving}>
            Save<span className="sr-only"> {label}</span>
          </Button>
          {problem && (
            <p id={problemId} role="alert" className="basis-full text-xs text-stop-dark">
              {problem}
            </p>
          )}
        </form>
      </td>
    </tr>
  );
}
