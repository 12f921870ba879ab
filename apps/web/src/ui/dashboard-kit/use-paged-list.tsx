import { type ReactNode, useEffect } from 'react';
import { Pagination } from '../pagination';
import { PagedList } from './data-table';
import type { QueryResult } from './query-state';
import { usePageParam } from './use-page-param';

/** What a numbered list asks the API for: one page of so many rows. */
export interface PageArgs {
  page: number;
  limit: number;
}

type PagedQuery<T> = QueryResult<T> & { isFetching: boolean };

/**
 * A numbered list's page: read from the address, asked of the API, and kept in range, so after a delete
 * empties the last page the page before it is shown rather than nothing.
 */
export function usePagedList<T>(
  useListQuery: (args: PageArgs, options?: { refetchOnMountOrArgChange?: boolean }) => PagedQuery<T>,
  limit: number,
  totalPagesOf: (data: T) => number,
  options?: { refetchOnMountOrArgChange?: boolean },
) {
  const [page, setPage] = usePageParam();
  const query = useListQuery({ page, limit }, options);
  const totalPages = Math.max(1, query.data === undefined ? 1 : totalPagesOf(query.data));
  const answered = Boolean(query.data);
  useEffect(() => {
    if (answered && page > totalPages) setPage(totalPages);
  }, [answered, page, totalPages, setPage]);

  /** The list with its pages under it, dimmed while another page is on its way. */
  const paged = (list: ReactNode) => (
    <PagedList
      busy={query.isFetching}
      pager={<Pagination page={page} totalPages={totalPages} onPageChange={setPage} />}
    >
      {list}
    </PagedList>
  );
  return { page, query, paged };
}
