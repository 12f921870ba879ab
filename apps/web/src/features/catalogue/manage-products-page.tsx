import { MANAGE_PRODUCTS_PAGE_SIZE } from '@shop/contract/constants';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { apiErrorMessage } from '../../lib/api-error';
import { buttonClass } from '../../ui/button';
import { PageHeader } from '../../ui/dashboard-kit/page-header';
import { RetryButton } from '../../ui/dashboard-kit/retry-button';
import { TableSkeleton } from '../../ui/dashboard-kit/table-frame';
import { usePageParam } from '../../ui/dashboard-kit/use-page-param';
import { Pagination } from '../../ui/pagination';
import { EmptyState, ErrorMessage } from '../../ui/status-message';
import { useGetManagedProductsQuery } from './manage-products.api';
import { ProductsTable } from './products-table';

/** The catalogue, a few products a page, each with Edit and Delete. */
export function ManageProductsPage() {
  const [page, setPage] = usePageParam();
  const limit = MANAGE_PRODUCTS_PAGE_SIZE;
  const { data, error, isLoading, isFetching, refetch } = useGetManagedProductsQuery({ page, limit });
  const total = data?.totalProducts ?? 0;
  const totalPages = data?.totalPages ?? 1;

  // After a delete empties the last page, show the page before it rather than nothing.
  useEffect(() => {
    if (data && page > 1 && page > data.totalPages) setPage(Math.max(1, data.totalPages));
  }, [data, page, setPage]);

  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  const last = Math.min(page * limit, total);

  return (
    <>
      <PageHeader
        eyebrow="Admin dashboard"
        title="Manage Products"
        description="Every piece in the shop, newest first."
        actions={
          <Link to={paths.dashboard.addProduct.href()} className={buttonClass('primary', 'sm')}>
            Add Product
          </Link>
        }
      />
      {isLoading ? (
        <TableSkeleton rows={limit} label="Loading the products" />
      ) : error ? (
        <ErrorMessage title="The products could not be loaded.">
          {apiErrorMessage(error) && <p>{apiErrorMessage(error)}</p>}
          <RetryButton onRetry={refetch} />
        </ErrorMessage>
      ) : !data?.products.length ? (
        <EmptyState title="No products yet.">
          <p>Add the first piece and it shows in the shop at once.</p>
        </EmptyState>
      ) : (
        <div className={`space-y-6 transition-opacity ${isFetching ? 'opacity-60' : ''}`} aria-busy={isFetching}>
          <p className="text-sm text-muted" aria-live="polite">
            Showing {first} to {last} of {total} products
          </p>
          <ProductsTable products={data.products} page={page} pageSize={limit} />
          <Pagination page={page} totalPages={totalPages} onPageChange={setPage} />
        </div>
      )}
    </>
  );
}
