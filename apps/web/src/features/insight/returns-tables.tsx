import type { InsightReturnProduct, InsightReturns } from '@shop/contract/insight-returns';
import { RETURN_REASON_LABELS } from '@shop/contract/returns';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { type Column, DataTableGrid } from '../../ui/dashboard-kit/data-table';
import { actionLink, alignedRight } from '../../ui/dashboard-kit/table-frame';
import { formatCount, formatRate } from './insight-format';

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

/** A table in its frame, or what to say when it has no rows. */
function FramedTable<Row>(props: {
  caption: string;
  columns: Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  empty: string;
}) {
  if (props.rows.length === 0) {
    return (
      <p className="rounded-2xl border border-dashed border-taupe px-5 py-6 text-center text-sm text-muted">
        {props.empty}
      </p>
    );
  }
  return (
    <div className="overflow-x-auto rounded-2xl border border-sand bg-white">
      <DataTableGrid
        caption={props.caption}
        columns={props.columns}
        rows={props.rows}
        rowKey={props.rowKey}
        tableClassName="w-full border-collapse"
      />
    </div>
  );
}

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
      cell: (p) => formatRate(rankedBy === 'size' ? p.sizeRate : p.rate),
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
      <FramedTable
        caption={title}
        columns={productColumns(rankedBy)}
        rows={products}
        rowKey={(p) => p.productId}
        empty={empty}
      />
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
  { heading: alignedRight('Of sold'), className: figure, cell: (r) => formatRate(r.rate) },
];

export function ReturnsByReasonTable({ reasons }: { reasons: ReasonRow[] }) {
  return (
    <TableCard title="By reason" note="Units returned for each reason">
      <FramedTable
        caption="Returns by reason"
        columns={reasonColumns}
        rows={reasons}
        rowKey={(r) => r.reason}
        empty="Nothing came back."
      />
    </TableCard>
  );
}

type SizeRow = InsightReturns['bySize'][number];
const sizeColumns: Column<SizeRow>[] = [
  { heading: 'Size', className: 'text-left font-normal', rowHeader: true, cell: (s) => s.size },
  { heading: alignedRight('Sold'), className: figure, cell: (s) => formatCount(s.sold) },
  { heading: alignedRight('Returned'), className: figure, cell: (s) => formatCount(s.returned) },
  { heading: alignedRight('Rate'), className: figure, cell: (s) => formatRate(s.rate) },
];

export function ReturnsBySizeTable({ sizes }: { sizes: SizeRow[] }) {
  return (
    <TableCard title="By size" note="Each size's units returned over sold">
      <FramedTable
        caption="Returns by size"
        columns={sizeColumns}
        rows={sizes}
        rowKey={(s) => s.size}
        empty="No sized pieces sold in these days."
      />
    </TableCard>
  );
}
