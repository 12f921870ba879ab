import {
  type ProductStockResponse,
  STOCK_REASON_LABELS,
  type StockChangeRequest,
  type StockLedgerEntry,
  stockChangeRequestSchema,
  type VariantStock,
} from '@shop/contract/inventory';
import { SIZE_SCALES } from '@shop/contract/sizes';
import type { FormEvent } from 'react';
import { Button } from '../../ui/button';
import { QueryState } from '../../ui/dashboard-kit/query-state';
import { StockBadge } from '../../ui/dashboard-kit/stock-badge';
import { stockLevel } from '../../ui/dashboard-kit/stock-level';
import { formatDateTime } from '../../ui/dashboard-kit/table-format';
import {
  alignedRight,
  rowClass,
  TableFrame,
  TableHead,
  TableSkeleton,
  tableClass,
  td,
} from '../../ui/dashboard-kit/table-frame';
import { useSchemaForm } from '../../ui/schema-form';
import { useToast } from '../../ui/toast';
import { useFormProblem } from '../../ui/use-form-problem';
import { useChangeStockMutation, useGetProductStockQuery } from './manage-products.api';

/** A size of the product's scale, with its counts when the product comes in it. */
interface StockRow {
  size: string;
  variant: VariantStock | null;
}

function rowsOf(stock: ProductStockResponse): StockRow[] {
  const scale: readonly string[] = SIZE_SCALES[stock.sizeScale];
  const extra = stock.variants.filter((v) => !scale.includes(v.size)).map((v) => v.size);
  return [...scale, ...extra].map((size) => ({ size, variant: stock.variants.find((v) => v.size === size) ?? null }));
}

const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0');

/** A ledger row as the admin reads it: what moved on hand, and what checkouts held or let go. */
function describeLedgerChange(entry: Pick<StockLedgerEntry, 'onHandChange' | 'reservedChange'>): string {
  const parts: string[] = [];
  if (entry.onHandChange !== 0) parts.push(`${signed(entry.onHandChange)} on hand`);
  if (entry.reservedChange > 0) parts.push(`${entry.reservedChange} held`);
  if (entry.reservedChange < 0) parts.push(`${-entry.reservedChange} no longer held`);
  return parts.join(', ') || 'No change';
}

/** A size's new count and reason, checked with the contract's schema, then sent; the one problem to show. */
function useStockChange(productId: string, { size, variant }: StockRow) {
  const reason: StockChangeRequest['reason'] = variant ? 'adjustment' : 'restock';
  // The row's size is one of the product's scale or one the server already carries, so it is a size.
  const form = useSchemaForm(stockChangeRequestSchema, { size: size as StockChangeRequest['size'], reason });
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
        notify(`Stock of size ${size} saved: ${change.onHand} on hand.`, 'success');
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
          <span className="inline-flex items-center gap-2">
            <StockBadge level={stockLevel(variant.available)} />
            {variant.available}
          </span>
        ) : (
          '—'
        )}
      </td>
    </>
  );
}

function StockRowForm({ productId, row }: { productId: string; row: StockRow }) {
  const { form, problem, save, saving } = useStockChange(productId, row);
  const { size, variant } = row;
  const problemId = `stock-problem-${size}`;
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
            aria-label={`New count on hand of size ${size}`}
            aria-invalid={problem ? true : undefined}
            aria-describedby={problem ? problemId : undefined}
            placeholder={variant ? String(variant.onHand) : '0'}
            className="field w-24 py-1.5 tabular-nums"
          />
          <select
            {...form.register('reason')}
            aria-label={`Reason for the change of size ${size}`}
            className="field w-auto py-1.5"
          >
            <option value="adjustment">{STOCK_REASON_LABELS.adjustment}</option>
            <option value="restock">{STOCK_REASON_LABELS.restock}</option>
          </select>
          <Button type="submit" size="sm" variant="outline" busy={saving}>
            Save<span className="sr-only"> size {size}</span>
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

function StockHistory({ ledger }: { ledger: StockLedgerEntry[] }) {
  if (!ledger.length) return <p className="text-sm text-muted">No stock has moved yet.</p>;
  return (
    <TableFrame label="Stock changes, newest first">
      <table className={tableClass}>
        <TableHead columns={['Date', 'Size', 'Change', 'Reason', 'Who']} />
        <tbody>
          {ledger.map((entry) => (
            <tr key={entry._id} className={rowClass}>
              <td className={`${td} whitespace-nowrap`}>
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
              </td>
              <td className={td}>{entry.size}</td>
              <td className={`${td} tabular-nums`}>{describeLedgerChange(entry)}</td>
              <td className={td}>{STOCK_REASON_LABELS[entry.reason]}</td>
              <td className={td}>{entry.by ?? 'The shop'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableFrame>
  );
}

/** The update page's stock: each size's counts with a form to change them, then the ledger, newest first. */
export function ProductStockPanel({ productId }: { productId: string }) {
  const query = useGetProductStockQuery(productId, { refetchOnMountOrArgChange: true });
  const { data } = query;
  return (
    <div className="mt-10 space-y-10">
      <section aria-labelledby="stock-title" className="space-y-4">
        <div>
          <h2 id="stock-title" className="font-display text-2xl text-ink">
            Stock
          </h2>
          <p className="mt-1 text-sm text-muted">
            Set the count on hand of a size. Pieces held by open checkouts stay held; a size that is not carried yet is
            added.
          </p>
        </div>
        <QueryState
          query={query}
          loading={<TableSkeleton rows={3} label="Loading the stock" />}
          failed={{ title: 'The stock could not be loaded.', reason: true }}
        >
          {(stock) => (
            <TableFrame label="Stock by size">
              <table className={`${tableClass} min-w-[52rem]`}>
                <TableHead
                  columns={[
                    'Size',
                    'SKU',
                    alignedRight('On hand'),
                    alignedRight('Held at checkout'),
                    alignedRight('Available'),
                    'Change',
                  ]}
                />
                <tbody>
                  {rowsOf(stock).map((row) => (
                    <StockRowForm key={row.size} productId={productId} row={row} />
                  ))}
                </tbody>
              </table>
            </TableFrame>
          )}
        </QueryState>
      </section>
      {data && (
        <section aria-labelledby="stock-history-title" className="space-y-4">
          <h2 id="stock-history-title" className="font-display text-2xl text-ink">
            Stock history
          </h2>
          <StockHistory ledger={data.ledger} />
        </section>
      )}
    </div>
  );
}
