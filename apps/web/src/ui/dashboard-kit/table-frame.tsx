import type { ReactNode } from 'react';
import { Skeleton } from '../skeleton';

interface TableFrameProps {
  /** Names the table and its scrolling region for screen readers. */
  label: string;
  children: ReactNode;
}

/**
 * A table in a card that scrolls sideways on narrow screens. The region is focusable so a keyboard
 * user can scroll it too; it is positioned so the rows' screen-reader-only texts scroll with it
 * instead of widening the whole page.
 */
export function TableFrame({ label, children }: TableFrameProps) {
  return (
    <div>
      <p aria-hidden="true" className="mb-2 text-xs text-muted md:hidden">
        Swipe the table sideways to see every column.
      </p>
      <section
        aria-label={label}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
        tabIndex={0}
        className="relative overflow-x-auto rounded-2xl border border-sand bg-white"
      >
        {children}
      </section>
    </div>
  );
}

/** Shared cell looks, so every dashboard table reads the same. */
export const th =
  'px-4 py-3.5 text-left text-[0.7rem] font-medium tracking-[0.14em] whitespace-nowrap text-muted uppercase';
export const td = 'px-4 py-4 align-middle text-sm text-ink';
export const tableClass = 'w-full min-w-[40rem] border-collapse';
const theadClass = 'border-b border-sand bg-linen/60';
export const rowClass = 'border-b border-sand/70 last:border-0 hover:bg-ivory';
export const actionLink = 'font-medium text-clay underline-offset-4 hover:underline';
export const deleteButton =
  'rounded-full px-3 py-1.5 text-sm font-medium text-stop-dark hover:bg-stop/10 disabled:cursor-not-allowed disabled:opacity-50';

export function TableSkeleton({ rows = 5, label }: { rows?: number; label: string }) {
  return (
    <div role="status" aria-label={label} className="rounded-2xl border border-sand bg-white p-5">
      <Skeleton className="h-4 w-1/3" />
      <div className="mt-5 space-y-3">
        {Array.from({ length: rows }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <Skeleton key={i} className="h-10 w-full" />
        ))}
      </div>
    </div>
  );
}

/** A column's heading: its text, or its content with the column's own look (figures align right). */
export type ColumnHeading = string | { heading: ReactNode; key: string; className: string };

/** A column of figures or actions, aligned right as its cells are. */
export const alignedRight = (heading: string): ColumnHeading => ({ heading, key: heading, className: 'text-right' });

/** A dashboard table's head row. `false` leaves a column out (one shown only when some row has it). */
export function TableHead({ columns }: { columns: readonly (ColumnHeading | false)[] }) {
  return (
    <thead className={theadClass}>
      <tr>
        {columns.map((column) => {
          if (column === false) return null;
          const { heading, key, className } =
            typeof column === 'string' ? { heading: column, key: column, className: '' } : column;
          return (
            <th key={key} scope="col" className={className ? `${th} ${className}` : th}>
              {heading}
            </th>
          );
        })}
      </tr>
    </thead>
  );
}
