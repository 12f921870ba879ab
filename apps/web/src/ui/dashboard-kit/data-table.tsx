import type { ReactNode } from 'react';
import { rowNumber } from './table-format';
import { type ColumnHeading, rowClass, TableFrame, TableHead, tableClass, td } from './table-frame';

/** One column of a dashboard table: its heading and how a row fills its cell. */
export interface Column<Row> {
  heading: ColumnHeading;
  /** The cell's own look, added to the one every cell shares. */
  className?: string;
  cell: (row: Row, index: number) => ReactNode;
  /** The cell names its row for screen readers (a `th` of the row). */
  rowHeader?: boolean;
  /** The cell's whole text on hover, for a cell cut short. */
  title?: (row: Row) => string;
}

interface DataTableGridProps<Row> {
  /** `false` leaves a column out (one shown only when some row has it). */
  columns: readonly (Column<Row> | false)[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The table's look, when not the shared one. */
  tableClassName?: string;
  /** A row's own look (a chosen row, say), added to the shared one. */
  rowClassName?: (row: Row) => string;
  /** Names the table for screen readers, when nothing around it does. */
  caption?: string;
}

const keyOf = (heading: ColumnHeading) => (typeof heading === 'string' ? heading : heading.key);

function Cell<Row>({ column, row, index }: { column: Column<Row>; row: Row; index: number }) {
  const className = column.className ? `${td} ${column.className}` : td;
  const content = column.cell(row, index);
  if (column.rowHeader) {
    return (
      <th scope="row" className={className}>
        {content}
      </th>
    );
  }
  return (
    <td className={className} title={column.title?.(row)}>
      {content}
    </td>
  );
}

/** A dashboard table driven by a list of columns: its head, then a row of cells for each row. */
export function DataTableGrid<Row>({
  columns,
  rows,
  rowKey,
  tableClassName = tableClass,
  rowClassName,
  caption,
}: DataTableGridProps<Row>) {
  const shown = columns.filter((column): column is Column<Row> => column !== false);
  return (
    <table className={tableClassName}>
      {caption && <caption className="sr-only">{caption}</caption>}
      <TableHead columns={shown.map((column) => column.heading)} />
      <tbody>
        {rows.map((row, index) => {
          const own = rowClassName?.(row);
          return (
            <tr key={rowKey(row)} className={own === undefined ? rowClass : `${rowClass} ${own}`}>
              {shown.map((column) => (
                <Cell key={keyOf(column.heading)} column={column} row={row} index={index} />
              ))}
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

interface DataTableProps<Row> extends Omit<DataTableGridProps<Row>, 'tableClassName' | 'caption'> {
  /** Names the table and its scrolling region for screen readers. */
  label: string;
  /** The table's own width rules, added to the shared ones. */
  tableClassName?: string;
}

/** A dashboard table in its frame, driven by a list of columns. */
export function DataTable<Row>({ label, tableClassName, ...grid }: DataTableProps<Row>) {
  return (
    <TableFrame label={label}>
      <DataTableGrid {...grid} tableClassName={tableClassName ? `${tableClass} ${tableClassName}` : tableClass} />
    </TableFrame>
  );
}

/** The No. column: the row's number, counting on across pages when given the page and its size. */
export function numberColumn<Row>(page = 1, pageSize = 0): Column<Row> {
  return { heading: 'No.', className: 'text-muted tabular-nums', cell: (_, index) => rowNumber(page, pageSize, index) };
}

interface PagedListProps {
  /** True while another page is on its way: the one shown dims until it comes. */
  busy: boolean;
  /** The way to the other pages, under the list. */
  pager: ReactNode;
  children: ReactNode;
}

/** A list with its pages under it, dimmed while the next page loads. */
export function PagedList({ busy, pager, children }: PagedListProps) {
  return (
    <div className={`space-y-6 transition-opacity ${busy ? 'opacity-60' : ''}`} aria-busy={busy}>
      {children}
      {pager}
    </div>
  );
}

/** A dashboard table with its pages under it: the table of one page, dimmed while the next loads. */
export function PagedTable<Row>({ busy, pager, ...table }: DataTableProps<Row> & Omit<PagedListProps, 'children'>) {
  return (
    <PagedList busy={busy} pager={pager}>
      <DataTable {...table} />
    </PagedList>
  );
}
