import type { InsightReturnProduct, InsightReturns } from '@shop/contract/insight-returns';
import { RETURN_REASON_LABELS } from '@shop/contract/returns';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { type Column, DataTableGrid } from '../../ui/dashboard-kit/data-table';
import { actionLink, alignedRight } from '../../ui/dashboard-kit/table-frame';
import { formatCount } from './insight-format';

const percent = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });
const figure = 'text-right whitespace-nowrap tabular-nums';

function TableCard({ title, note, children }: { title: string; note: string; children: ReactNode }) {
  return (
    <div className="min-w-0">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h3 className="font-display text-xl text-ink">{title}</h3>
        <p className="text-xs text-muted">{note}</p>
      </div>
      {children}
    </div>
  );
}

const framed = 'overflow-x-auto rounded-2xl border border-sand bg-white';

function productColumns(rankedBy: 'all' | 'size'): Column<InsightReturnProduct>[] {
  return [
    {
      heading: 'Product',
      className: 'text-left font-normal',
      rowHeader: true,
      cell: (p) => (
        <Link to={paths.dashboard.updateProduct.href(p.productId)} className={`${actionLink} text-ink`}>
          {p.name}
        </Link>
      ),
    },
    { heading: alignedRight('Sold'), className: figure, cell: (p) => formatCount(p.sold) },
    {
      heading: alignedRight(rankedBy === 'size' ? 'For size' : 'Returned'),
      className: figure,
      cell: (p) => formatCount(rankedBy === 'size' ? p.sizeReturned : p.returned),
    },
    {
      heading: alignedRight('Rate'),
      className: `${figure} font-medium`,
      cell: (p) => percent.format(rankedBy === 'size' ? p.sizeRate : p.rate),
    },
  ];
}

/** Products by their return rate, all reasons or size only. */
export function ReturnsProductsTable({
  title,
  note,
  empty,
  products,
  rankedBy,
}: {
  title: string;
  note: string;
  empty: string;
  products: InsightReturnProduct[];
  rankedBy: 'all' | 'size';
}) {
  return (
    <TableCard title={title} note={note}>
      {products.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-taupe px-5 py-6 text-center text-sm text-muted">
          {empty}
        </p>
      ) : (
        <div className={framed}>
          <DataTableGrid
            caption={title}
            columns={productColumns(rankedBy)}
            rows={products}
            rowKey={(p) => p.productId}
            tableClassName="w-full border-collapse"
          />
        </div>
      )}
    </TableCard>
  );
}

type ReasonRow = InsightReturns['byReason'][number];
const reasonColumns: Column<ReasonRow>[] = [
  {
    heading: 'Reason',
    className: 'text-left font-normal',
    rowHeader: true,
    cell: (r) => RETURN_REASON_LABELS[r.reason],
  },
  { heading: alignedRight('Units'), className: figure, cell: (r) => formatCount(r.returned) },
  { heading: alignedRight('Of sold'), className: figure, cell: (r) => percent.format(r.rate) },
];

export function ReturnsByReasonTable({ reasons }: { reasons: ReasonRow[] }) {
  return (
    <TableCard title="By reason" note="Units returned for each reason">
      <div className={framed}>
        <DataTableGrid
          caption="Returns by reason"
          columns={reasonColumns}
          rows={reasons}
          rowKey={(r) => r.reason}
          tableClassName="w-full border-collapse"
        />
      </div>
    </TableCard>
  );
}

type SizeRow = InsightReturns['bySize'][number];
const sizeColumns: Column<SizeRow>[] = [
  { heading: 'Size', className: 'text-left font-normal', rowHeader: true, cell: (s) => s.size },
  { heading: alignedRight('Sold'), className: figure, cell: (s) => formatCount(s.sold) },
  { heading: alignedRight('Returned'), className: figure, cell: (s) => formatCount(s.returned) },
  { heading: alignedRight('Rate'), className: figure, cell: (s) => percent.format(s.rate) },
];

export function ReturnsBySizeTable({ sizes }: { sizes: SizeRow[] }) {
  return (
    <TableCard title="By size" note="Each size's units returned over sold">
      {sizes.length === 0 ? (
        <p className="rounded-2xl border border-dashed border-taupe px-5 py-6 text-center text-sm text-muted">
          No sized pieces sold in these days.
        </p>
      ) : (
        <div className={framed}>
          <DataTableGrid
            caption="Returns by size"
            columns={sizeColumns}
            rows={sizes}
            rowKey={(s) => s.size}
            tableClassName="w-full border-collapse"
          />
        </div>
      )}
    </TableCard>
  );
}
