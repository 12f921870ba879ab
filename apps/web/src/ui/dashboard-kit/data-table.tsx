import { type ReactNode, useEffect } from 'react';
import { Pagination } from '../pagination';
import { rowNumber } from './table-format';
import { type ColumnHeading, rowClass, TableFrame, TableHead, tableClass, td } from './table-frame';

/** One column of a dashboard table: its heading and how a row fills its cell. */
export interface Column<Row> {
  heading: ColumnHeading;
  /** The cell's own look, added to the one every cell shares. */
  className?: string;
  cell: (row: Row, index: number) => ReactNode;
}

interface DataTableProps<Row> {
  /** Names the table and its scrolling region for screen readers. */
  label: string;
  /** `false` leaves a column out (one shown only when some row has it). */
  columns: readonly (Column<Row> | false)[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  /** The table's own width rules, added to the shared ones. */
  tableClassName?: string;
  /** A row's own look (a chosen row, say), added to the shared one. */
  rowClassName?: (row: Row) => string;
}

/** A dashboard table in its frame, driven by a list of columns. */
export function DataTable<Row>({ label, columns, rows, rowKey, tableClassName, rowClassName }: DataTableProps<Row>) {
  const shown = columns.filter((column): column is Column<Row> => column !== false);
  return (
    <TableFrame label={label}>
      <table className={tableClassName ? `${tableClass} ${tableClassName}` : tableClass}>
        <TableHead columns={shown.map((column) => column.heading)} />
        <tbody>
          {rows.map((row, index) => {
            const own = rowClassName?.(row);
            return (
              <tr key={rowKey(row)} className={own ? `${rowClass} ${own}` : rowClass}>
                {shown.map((column) => (
                  <td
                    key={typeof column.heading === 'string' ? column.heading : column.heading.key}
                    className={column.className ? `${td} ${column.className}` : td}
                  >
                    {column.cell(row, index)}
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableFrame>
  );
}

/** The No. column: the row's number, counting on across pages when given the page and its size. */
export function numberColumn<Row>(page = 1, pageSize = 0): Column<Row> {
  return { heading: 'No.', className: 'text-muted tabular-nums', cell: (_, index) => rowNumber(page, pageSize, index) };
}

interface PagedListProps {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** True while another page is on its way: the one shown dims until it comes. */
  busy: boolean;
  children: ReactNode;
}

/** A list with its pages under it, dimmed while the next page loads. */
export function PagedList({ page, totalPages, onPageChange, busy, children }: PagedListProps) {
  return (
    <div className={`space-y-6 transition-opacity ${busy ? 'opacity-60' : ''}`} aria-busy={busy}>
      {children}
      <Pagination page={page} totalPages={totalPages} onPageChange={onPageChange} />
    </div>
  );
}

/** After a delete empties the last page, the page before it is shown rather than nothing. */
export function useKeepPageInRange(
  answered: boolean,
  page: number,
  totalPages: number,
  setPage: (page: number) => void,
) {
  useEffect(() => {
    if (answered && page > totalPages) setPage(Math.max(1, totalPages));
  }, [answered, page, totalPages, setPage]);
}
