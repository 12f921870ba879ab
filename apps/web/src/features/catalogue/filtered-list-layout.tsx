import type { ProductFacetsResponse } from '@shop/contract/products';
import { hasShopFilters, type ProductListParams } from '@shop/contract/shop-params';
import type { ReactNode } from 'react';
import { facetsArgs, useGetProductFacetsQuery } from './catalogue.api';
import { ShopFilters } from './shop-filters';
import type { useShopParams } from './use-shop-params';

interface FilteredListLayoutProps {
  /** The page's filters in its address. */
  shop: ReturnType<typeof useShopParams>;
  /** The list the page shows: the facets are counted under its search and filters. */
  list: ProductListParams;
  children: ReactNode;
}

const givesNothing = (facets: ProductFacetsResponse) =>
  Object.values(facets).every((values) => values.every(({ count }) => count === 0));

/**
 * A list beside its filters, each value with its count: a column of them on wide screens, rows of chips
 * above the list on small ones. The shop and the search page share it.
 */
export function FilteredListLayout({ shop, list, children }: FilteredListLayoutProps) {
  const facets = useGetProductFacetsQuery(facetsArgs(list));
  // A search that found nothing has nothing to narrow: its page leads with what to do instead, not with a
  // wall of greyed filters.
  if (facets.data && !hasShopFilters(shop.params) && givesNothing(facets.data))
    return <div className="mt-8">{children}</div>;
  return (
    <div className="mt-8 grid grid-cols-1 gap-8 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-10">
      <aside aria-label="Filters" className="min-w-0">
        <ShopFilters
          params={shop.params}
          facets={facets.data}
          facetsStale={facets.isFetching}
          onChange={shop.update}
          onClear={shop.clearFilters}
        />
      </aside>
      {children}
    </div>
  );
}
