import { MANAGE_PRODUCTS_PAGE_SIZE } from '@shop/contract/constants';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { buttonClass } from '../../ui/button';
import { QueryPage } from '../../ui/dashboard-kit/query-page';
import { TableSkeleton } from '../../ui/dashboard-kit/table-frame';
import { usePagedList } from '../../ui/dashboard-kit/use-paged-list';
import { EmptyState } from '../../ui/status-message';
import { CatalogueCsvActions } from './catalogue-csv-import';
import { useGetManagedProductsQuery } from './manage-products.api';
import { ProductsTable } from './products-table';

/** The catalogue, a few products a page, each with Edit and Delete. */
export function ManageProductsPage() {
  const limit = MANAGE_PRODUCTS_PAGE_SIZE;
  const { page, query, paged } = usePagedList(useGetManagedProductsQuery, limit, (data) => data.totalPages);
  const total = query.data?.totalProducts ?? 0;

  const first = total === 0 ? 0 : (page - 1) * limit + 1;
  const last = Math.min(page * limit, total);

  return (
    <QueryPage
      eyebrow="Admin dashboard"
      title="Manage Products"
      description="Every piece in the shop, newest first."
      actions={
        <div className="flex flex-wrap gap-2">
          <CatalogueCsvActions />
          <Link to={paths.dashboard.addProduct.href()} className={buttonClass('primary', 'sm')}>
            Add Product
          </Link>
        </div>
      }
      query={query}
      loading={<TableSkeleton rows={limit} label="Loading the products" />}
      failed={{ title: 'The products could not be loaded.', reason: true }}
      empty={
        <EmptyState title="No products yet.">
          <p>Add the first piece and it shows in the shop at once.</p>
        </EmptyState>
      }
      isEmpty={(data) => !data.products.length}
    >
      {(data) =>
        paged(
          <>
            <p className="text-sm text-muted" aria-live="polite">
              Showing {first} to {last} of {total} products
            </p>
            <ProductsTable products={data.products} page={page} pageSize={limit} />
          </>,
        )
      }
    </QueryPage>
  );
}
