import { RETURN_REASON_LABELS, RETURN_REASONS, RETURN_STATUSES, type Return } from '@shop/contract/returns';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { type Column, PagedTable } from '../../ui/dashboard-kit/data-table';
import { EmailCell } from '../../ui/dashboard-kit/email-cell';
import { useFilterParams } from '../../ui/dashboard-kit/filter-bar';
import { PageHeader } from '../../ui/dashboard-kit/page-header';
import { QueryState } from '../../ui/dashboard-kit/query-state';
import { formatDate } from '../../ui/dashboard-kit/table-format';
import { actionLink, TableSkeleton } from '../../ui/dashboard-kit/table-frame';
import { usePageParam } from '../../ui/dashboard-kit/use-page-param';
import { Pagination } from '../../ui/pagination';
import { EmptyState } from '../../ui/status-message';
import { useGetReturnsQuery } from './returns.api';
import { OWNER_STATUS_LABELS, type ReturnsFilters, ReturnsFiltersForm } from './returns-filters';

const PAGE_SIZE = 20;

/** The filters in the address, so a reload or a shared link keeps them; an unknown value is no filter. */
const FILTER_KEYS = ['status', 'reason', 'q'] as const;

function filtersOf(params: URLSearchParams): ReturnsFilters {
  const status = RETURN_STATUSES.find((s) => s === params.get('status')) ?? '';
  const reason = RETURN_REASONS.find((r) => r === params.get('reason')) ?? '';
  return { status, reason, q: params.get('q') ?? '' };
}

/** The owner's returns, newest first: what is on its way back, what waits for inspection, what is done. */
export function ReturnsPage() {
  const filtering = useFilterParams(FILTER_KEYS);
  const filters = filtersOf(filtering.params);
  return (
    <>
      <PageHeader
        eyebrow="Admin dashboard"
        title="Returns"
        description="Returns and exchanges customers asked for: mark a parcel received, then accept or reject each item."
      />
      <ReturnsFiltersForm current={filters} onApply={filtering.apply} />
      <ReturnsResults filters={filters} />
    </>
  );
}

const columns: Column<Return>[] = [
  {
    heading: 'Return',
    rowHeader: true,
    cell: (ret) => (
      <Link to={paths.dashboard.return.href(ret._id)} className={`${actionLink} font-mono`}>
        {ret.number}
      </Link>
    ),
  },
  {
    heading: 'Status',
    cell: (ret) => (
      <span className="inline-block rounded-full bg-linen px-2.5 py-1 text-xs font-medium whitespace-nowrap">
        {OWNER_STATUS_LABELS[ret.status]}
      </span>
    ),
  },
  { heading: 'Customer', className: 'max-w-[14rem] break-words', cell: (ret) => <EmailCell email={ret.email} /> },
  {
    heading: 'Order',
    className: 'max-w-[12rem] font-mono text-xs break-all',
    cell: (ret) => ret.orderNumber,
  },
  {
    heading: 'Items',
    className: 'max-w-[16rem]',
    cell: (ret) =>
      ret.lines.map((line) => (
        <span key={line._id} className="block">
          {line.quantity} × {line.name}
          <span className="text-muted"> · {RETURN_REASON_LABELS[line.reason]}</span>
        </span>
      )),
  },
  {
    heading: 'Asked',
    className: 'whitespace-nowrap text-muted',
    cell: (ret) => <time dateTime={ret.createdAt}>{formatDate(ret.createdAt)}</time>,
  },
];

function ReturnsResults({ filters }: { filters: ReturnsFilters }) {
  const [page, setPage] = usePageParam();
  const query = useGetReturnsQuery(
    {
      status: filters.status || undefined,
      reason: filters.reason || undefined,
      q: filters.q || undefined,
      page,
      limit: PAGE_SIZE,
    },
    { refetchOnMountOrArgChange: true },
  );
  const filtered = Boolean(filters.status || filters.reason || filters.q);

  return (
    <QueryState
      query={query}
      loading={<TableSkeleton label="Loading the returns" />}
      failed={{ title: 'The returns could not be loaded.', reason: true }}
      empty={
        <EmptyState title={filtered ? 'No returns match these filters.' : 'No returns yet.'}>
          {filtered
            ? 'Try another status or reason, or a shorter search.'
            : 'Returns customers ask for from their orders will be listed here.'}
        </EmptyState>
      }
      isEmpty={(data) => data.returns.length === 0}
    >
      {(data) => (
        <PagedTable
          busy={query.isFetching}
          pager={<Pagination page={page} totalPages={Math.max(1, data.pages)} onPageChange={setPage} />}
          label="Returns"
          columns={columns}
          rows={data.returns}
          rowKey={(ret) => ret._id}
          tableClassName="min-w-[52rem]"
        />
      )}
    </QueryState>
  );
}
