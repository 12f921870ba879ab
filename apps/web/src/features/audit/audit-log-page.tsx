import { AUDIT_KIND_LABELS, AUDIT_PAGE_SIZE, type AuditEntry, type AuditFilterForm } from '@shop/contract/audit';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { apiErrorMessage } from '../../lib/api-error';
import { buttonClass } from '../../ui/button';
import { PageHeader } from '../../ui/dashboard-kit/page-header';
import { RetryButton } from '../../ui/dashboard-kit/retry-button';
import { formatDateTime } from '../../ui/dashboard-kit/table-format';
import { rowClass, TableFrame, TableHead, TableSkeleton, tableClass, td } from '../../ui/dashboard-kit/table-frame';
import { EmptyState, ErrorMessage } from '../../ui/status-message';
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
  const [params, setParams] = useSearchParams();
  const filters = filtersOf(params);

  const apply = (next: AuditFilterForm) =>
    setParams(() => {
      const copy = new URLSearchParams();
      for (const key of FILTER_KEYS) if (next[key]) copy.set(key, String(next[key]));
      return copy;
    });

  return (
    <>
      <PageHeader
        eyebrow="Admin dashboard"
        title="Audit log"
        description="Every staff action: who did it, when, to what and from which address. Entries cannot be changed or deleted."
      />
      <AuditLogFilters current={filters} onApply={apply} onClear={() => setParams(new URLSearchParams())} />
      {/* New filters start again from the newest entries. */}
      <AuditLogResults key={params.toString()} filters={filters} />
    </>
  );
}

function AuditLogResults({ filters }: { filters: AuditFilterForm }) {
  // The id each older page starts after; empty on the newest page.
  const [cursors, setCursors] = useState<string[]>([]);
  const before = cursors.at(-1);
  const { data, error, isLoading, isFetching, refetch } = useGetAuditLogQuery(
    {
      actor: filters.actor,
      kind: filters.kind,
      from: filters.from ? startOfDay(filters.from) : undefined,
      to: filters.to ? endOfDay(filters.to) : undefined,
      before,
      limit: AUDIT_PAGE_SIZE,
    },
    { refetchOnMountOrArgChange: true },
  );
  const filtered = Object.values(filters).some(Boolean);
  const pageNumber = cursors.length + 1;

  if (isLoading) return <TableSkeleton label="Loading the audit log" />;
  if (error) {
    return (
      <ErrorMessage title="The audit log could not be loaded.">
        {apiErrorMessage(error) && <p>{apiErrorMessage(error)}</p>}
        <RetryButton onRetry={refetch} />
      </ErrorMessage>
    );
  }
  if (!data?.entries.length) {
    return (
      <EmptyState title={filtered ? 'No actions match these filters.' : 'No staff actions yet.'}>
        {filtered
          ? 'Try another person, action or range of days.'
          : 'Product, order and user changes made from the dashboard will be listed here.'}
      </EmptyState>
    );
  }
  return (
    <div className={`space-y-6 transition-opacity ${isFetching ? 'opacity-60' : ''}`} aria-busy={isFetching}>
      <TableFrame label="Audit log entries">
        <table className={`${tableClass} min-w-[52rem]`}>
          {/* What happened first: on a phone the first two columns are what shows before a swipe. */}
          <TableHead columns={['Action', 'Target', 'Who', 'When', 'Details']} />
          <tbody>
            {data.entries.map((entry) => (
              <AuditRow key={entry.id} entry={entry} />
            ))}
          </tbody>
        </table>
      </TableFrame>
      <nav aria-label="Audit log pages" className="flex flex-wrap items-center justify-between gap-3 text-sm">
        <p className="text-muted">
          Page {pageNumber}
          {data.nextBefore ? '' : ' · no older entries'}
        </p>
        <div className="flex gap-2">
          <button
            type="button"
            className={buttonClass('outline', 'sm')}
            disabled={cursors.length === 0}
            onClick={() => setCursors((c) => c.slice(0, -1))}
          >
            Newer
          </button>
          <button
            type="button"
            className={buttonClass('outline', 'sm')}
            disabled={!data.nextBefore}
            onClick={() => data.nextBefore && setCursors((c) => [...c, data.nextBefore as string])}
          >
            Older
          </button>
        </div>
      </nav>
    </div>
  );
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const at = entry.actor.email.lastIndexOf('@');
  return (
    <tr className={rowClass}>
      <td className={td}>
        <span className="inline-block rounded-full bg-linen px-2.5 py-1 text-xs font-medium whitespace-nowrap text-ink">
          {AUDIT_KIND_LABELS[entry.kind]}
        </span>
      </td>
      <td className={`${td} max-w-[14rem]`}>
        <span className="block break-words">{entry.target.label || '—'}</span>
        <span className="block text-xs text-muted capitalize">{entry.target.type.replace('_', ' ')}</span>
      </td>
      <td className={`${td} max-w-[14rem]`}>
        {/* Broken after the @ only, when it must break. */}
        <span className="block break-words">
          {at < 0 ? (
            entry.actor.email
          ) : (
            <>
              {entry.actor.email.slice(0, at + 1)}
              <wbr />
              {entry.actor.email.slice(at + 1)}
            </>
          )}
        </span>
        <span className="block text-xs text-muted">from {entry.ip}</span>
      </td>
      <td className={`${td} whitespace-nowrap text-muted`}>
        <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
      </td>
      <td className={`${td} max-w-[20rem]`}>
        <AuditEntryDetails details={entry.details} />
      </td>
    </tr>
  );
}
