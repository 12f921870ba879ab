import { PRODUCT_GRID_PRIORITY_IMAGES, SHOP_PAGE_SIZES } from '@shop/contract/constants';
import { PAGE_META } from '@shop/contract/seo';
import { type ShopPageSize, toProductListParams } from '@shop/contract/shop-params';
import { useEffect, useRef } from 'react';
import { Pagination } from '../../ui/pagination';
import { ProductGrid, type ProductGridProps } from '../../ui/product-grid';
import { EmptyState } from '../../ui/status-message';
import { usePageMeta } from '../../ui/use-page-meta';
import { useGetProductsQuery } from './catalogue.api';
import { FilteredListLayout } from './filtered-list-layout';
import { FiltersEmptyState } from './filters-empty-state';
import { ProductListState } from './product-list-state';
import { useShopParams } from './use-shop-params';

/** A new page starts at the top of the grid, not wherever the Next button was. */
function useGridTopOnNewPage(page: number) {
  const gridTop = useRef<HTMLDivElement>(null);
  const firstRender = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs whenever the page changes
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if ((gridTop.current?.getBoundingClientRect().top ?? 0) < 0) gridTop.current?.scrollIntoView({ block: 'start' });
  }, [page]);
  return gridTop;
}

function PageSizeSelect({ limit, onChange }: { limit: number; onChange: (limit: ShopPageSize) => void }) {
  return (
    <label className="flex items-center gap-2 text-sm text-muted">
      Show
      <select
        aria-label="Products per page"
        value={limit}
        onChange={(e) => onChange(Number(e.target.value) as ShopPageSize)}
        className="rounded-full border border-sand bg-white py-1.5 pr-8 pl-3 text-sm text-ink"
      >
        {SHOP_PAGE_SIZES.map((size) => (
          <option key={size} value={size}>
            {size}
          </option>
        ))}
      </select>
      per page
    </label>
  );
}

export function ShopPage({ onAddToCart }: Pick<ProductGridProps, 'onAddToCart'>) {
  usePageMeta(PAGE_META.shop.title, PAGE_META.shop.description);
  const shop = useShopParams();
  const { params, update, clearFilters } = shop;
  const listArgs = toProductListParams(params);
  const query = useGetProductsQuery(listArgs);
  const gridTop = useGridTopOnNewPage(params.page);
  const total = query.data?.totalProducts ?? 0;

  return (
    <div className="container-page py-10 sm:py-14">
      <header className="border-b border-sand pb-8">
        <p className="eyebrow">The collection</p>
        <h1 className="mt-3 font-display text-4xl text-ink sm:text-5xl">Shop</h1>
        <p className="mt-3 max-w-xl text-sm text-muted">
          Everything we love this season, from easy dresses to finishing touches.
        </p>
      </header>

      <FilteredListLayout shop={shop} list={listArgs}>
        <section aria-labelledby="available-title" className="min-w-0">
          <div ref={gridTop} className="flex scroll-mt-24 flex-wrap items-center justify-between gap-4 pb-6">
            <h2 id="available-title" className="text-sm text-muted" aria-live="polite">
              Available Products: <span className="font-medium text-ink">{query.isLoading ? '…' : total}</span>
            </h2>
            <PageSizeSelect limit={params.limit} onChange={(limit) => update({ limit })} />
          </div>

          <ProductListState
            query={query}
            skeletonCount={Math.min(params.limit, 12)}
            empty={
              total > 0 ? (
                <EmptyState title="This page is empty">
                  <p>There are fewer products than this page needs.</p>
                  <button type="button" onClick={() => update({ page: 1 })} className="btn btn-outline btn-sm mt-5">
                    Go to page 1
                  </button>
                </EmptyState>
              ) : (
                <FiltersEmptyState onClear={clearFilters} />
              )
            }
          >
            {({ products, totalPages }) => (
              <div
                className={`transition-opacity ${query.isFetching ? 'opacity-60' : ''}`}
                aria-busy={query.isFetching}
              >
                <ProductGrid
                  products={products}
                  onAddToCart={onAddToCart}
                  priorityCount={PRODUCT_GRID_PRIORITY_IMAGES}
                  colourFilter={params.color.length > 0 ? params.color : undefined}
                />
                <div className="mt-14">
                  <Pagination
                    page={params.page}
                    totalPages={totalPages}
                    onPageChange={(next) => update({ page: next })}
                  />
                </div>
              </div>
            )}
          </ProductListState>
        </section>
      </FilteredListLayout>
    </div>
  );
}
