import type { ProductColour } from '@shop/contract/colours';
import { type ProductStockResponse, STOCK_REASON_LABELS, type StockLedgerEntry } from '@shop/contract/inventory';
import { SIZE_SCALES } from '@shop/contract/sizes';
import { Fragment } from 'react';
import { capitalise } from '../../lib/capitalise';
import { QueryState } from '../../ui/dashboard-kit/query-state';
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
import { useGetProductStockQuery } from './manage-products.api';
import { type StockRow, StockRowForm } from './product-stock-row';

type ShownColour = Pick<ProductColour, 'color' | 'name' | 'swatch'>;

/** The product's colours in order, each with its sizes: those of its scale, then any it carries outside it. */
function groupsOf(stock: ProductStockResponse, colours: readonly ShownColour[]) {
  const scale: readonly string[] = SIZE_SCALES[stock.sizeScale];
  const several = colours.length > 1;
  return colours.map((colour) => {
    const own = stock.variants.filter((v) => v.colour === colour.color);
    const extra = own.filter((v) => !scale.includes(v.size)).map((v) => v.size);
    const rows: StockRow[] = [...scale, ...extra].map((size) => ({
      colour: colour.color,
      size,
      label: several ? `${colour.name} size ${size}` : `size ${size}`,
      variant: own.find((v) => v.size === size) ?? null,
    }));
    return { colour, rows };
  });
}

/** A colour's name and swatch, heading its sizes. */
function ColourHeading({ colour }: { colour: ShownColour }) {
  return (
    <span className="inline-flex items-center gap-2">
      <span
        aria-hidden="true"
        className="size-4 rounded-full border border-taupe"
        style={{ background: colour.swatch }}
      />
      {colour.name}
    </span>
  );
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

function StockHistory({ ledger, colours }: { ledger: StockLedgerEntry[]; colours: readonly ShownColour[] }) {
  const nameOf = (key: string) => colours.find((c) => c.color === key)?.name ?? capitalise(key);
  if (!ledger.length) return <p className="text-sm text-muted">No stock has moved yet.</p>;
  return (
    <TableFrame label="Stock changes, newest first">
      <table className={tableClass}>
        <TableHead columns={['Date', 'Colour · size', 'Change', 'Reason', 'Who']} />
        <tbody>
          {ledger.map((entry) => (
            <tr key={entry._id} className={rowClass}>
              <td className={`${td} whitespace-nowrap`}>
                <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>
              </td>
              <td className={`${td} whitespace-nowrap`}>
                {nameOf(entry.colour)} · {entry.size}
              </td>
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

/**
 * The update page's stock: each colour's sizes with their counts and a form to change them, then the ledger,
 * newest first.
 */
export function ProductStockPanel({ productId, colours }: { productId: string; colours: readonly ShownColour[] }) {
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
            Set the count on hand of a size of a colour. Pieces held by open checkouts stay held; a size that is not
            carried yet is added. A sold-out size says how many shoppers wait to be e-mailed when it is back.
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
                  {groupsOf(stock, colours).map(({ colour, rows }) => (
                    <Fragment key={colour.color}>
                      <tr className="bg-linen/60">
                        <th scope="colgroup" colSpan={6} className={`${td} text-left font-medium`}>
                          <ColourHeading colour={colour} />
                        </th>
                      </tr>
                      {rows.map((row) => (
                        <StockRowForm key={`${row.colour}-${row.size}`} productId={productId} row={row} />
                      ))}
                    </Fragment>
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
          <StockHistory ledger={data.ledger} colours={colours} />
        </section>
      )}
    </div>
  );
}
