import { AUDIT_KIND_LABELS, AUDIT_PAGE_SIZE, type AuditEntry, type AuditFilterForm } from '@shop/contract/audit';
import { useState } from 'react';
import { buttonClass } from '../../ui/button';
import { type Column, PagedTable } from '../../ui/dashboard-kit/data-table';
import { EmailCell } from '../../ui/dashboard-kit/email-cell';
import { useFilterParams } from '../../ui/dashboard-kit/filter-bar';
import { PageHeader } from '../../ui/dashboard-kit/page-header';
import { QueryState } from '../../ui/dashboard-kit/query-state';
import { formatDateTime } from '../../ui/dashboard-kit/table-format';
import { TableSkeleton } from '../../ui/dashboard-kit/table-frame';
import { EmptyState } from '../../ui/status-message';
import { AuditEntryDetails } from './audit-entry-details';
import { useGetAuditLogQuery } from './audit-log.api';
import { AuditLogFilters } from './audit-log-filters';

const FILTER_KEYS = ['actor', 'kind', 'from', 'to'] as const;

/** The filters in the address, so a reload or a shared link keeps them. */
function filtersOf(params: URLSearchParams): AuditFilterForm {
  const read = (key: (typeof FILTER_KEYS)[number]) => params.get(key) || undefined;
  return { actor: read('actor'), kind: read('kind') as AuditFilterForm['kind'], from: read('from'), to: read('to') };
}

/** A day of the date inputs, in the admin's own time zone, as the instant the API filters by. */
const startOfDay = (day: string) => new Date(`${day}T00:00:00`).toISOString();
const endOfDay = (day: string) => new Date(`${day}T23:59:59.999`).toISOString();

/** Every staff action, newest first, filtered by who, what and when (read-only: rows cannot change). */
export function AuditLogPage() {
  const { params, apply } = useFilterParams(FILTER_KEYS);
  const filters = filtersOf(params);

  return (
    <>
      <PageHeader
        eyebrow="Admin dashboard"
        title="Audit log"
        description="Every staff action: who did it, when, to what and from which address. Entries cannot be changed or deleted."
      />
      <AuditLogFilters current={filters} onApply={apply} onClear={() => apply({})} />
      {/* New filters start again from the newest entries. */}
      <AuditLogResults key={params.toString()} filters={filters} />
    </>
  );
}

/** What happened first: on a phone the first two columns are what shows before a swipe. */
const columns: Column<AuditEntry>[] = [
  {
    heading: 'Action',
    cell: (entry) => (
      <span className="inline-block rounded-full bg-linen px-2.5 py-1 text-xs font-medium whitespace-nowrap text-ink">
        {AUDIT_KIND_LABELS[entry.kind]}
      </span>
    ),
  },
  {
    heading: 'Target',
    className: 'max-w-[14rem]',
    cell: (entry) => (
      <>
        <span className="block break-words">{entry.target.label || '—'}</span>
        <span className="block text-xs text-muted capitalize">{entry.target.type.replace('_', ' ')}</span>
      </>
    ),
  },
  {
    heading: 'Who',
    className: 'max-w-[14rem]',
    cell: (entry) => (
      <>
        <span className="block break-words">
          <EmailCell email={entry.actor.email} />
        </span>
        <span className="block text-xs text-muted">from {entry.ip}</span>
      </>
    ),
  },
  {
    heading: 'When',
    className: 'whitespace-nowrap text-muted',
    cell: (entry) => <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>,
  },
  { heading: 'Details', className: 'max-w-[20rem]', cell: (entry) => <AuditEntryDetails details={entry.details} /> },
];

/** Newer and Older: the log pages by the entry each older page starts after, not by number. */
function AuditLogPager({
  cursors,
  nextBefore,
  onMove,
}: {
  cursors: string[];
  nextBefore: string | null | undefined;
  onMove: (cursors: string[]) => void;
}) {
  return (
    <nav aria-label="Audit log pages" className="flex flex-wrap items-center justify-between gap-3 text-sm">
      <p className="text-muted">
        Page {cursors.length + 1}
        {nextBefore ? '' : ' · no older entries'}
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          className={buttonClass('outline', 'sm')}
          disabled={cursors.length === 0}
          onClick={() => onMove(cursors.slice(0, -1))}
        >
          Newer
        </button>
        <button
          type="button"
          className={buttonClass('outline', 'sm')}
          disabled={!nextBefore}
          onClick={() => nextBefore && onMove([...cursors, nextBefore])}
        >
          Older
        </button>
      </div>
    </nav>
  );
}

function AuditLogResults({ filters }: { filters: AuditFilterForm }) {
  // The id each older page starts after; empty on the newest page.
  const [cursors, setCursors] = useState<string[]>([]);
  const query = useGetAuditLogQuery(
    {
      actor: filters.actor,
      kind: filters.kind,
      from: filters.from ? startOfDay(filters.from) : undefined,
      to: filters.to ? endOfDay(filters.to) : undefined,
      before: cursors.at(-1),
      limit: AUDIT_PAGE_SIZE,
    },
    { refetchOnMountOrArgChange: true },
  );
  const filtered = Object.values(filters).some(Boolean);

  return (
    <QueryState
      query={query}
      loading={<TableSkeleton label="Loading the audit log" />}
      failed={{ title: 'The audit log could not be loaded.', reason: true }}
      empty={
        <EmptyState title={filtered ? 'No actions match these filters.' : 'No staff actions yet.'}>
          {filtered
            ? 'Try another person, action or range of days.'
            : 'Product, order and user changes made from the dashboard will be listed here.'}
        </EmptyState>
      }
      isEmpty={(data) => !data.entries.length}
    >
      {(data) => (
        <PagedTable
          busy={query.isFetching}
          pager={<AuditLogPager cursors={cursors} nextBefore={data.nextBefore} onMove={setCursors} />}
          label="Audit log entries"
          columns={columns}
          rows={data.entries}
          rowKey={(entry) => entry.id}
          tableClassName="min-w-[52rem]"
        />
      )}
    </QueryState>
  );
}
