import { PAGE_META } from '@shop/contract/seo';
import { hasShopFilters, parseShopParams, searchPageQuery } from '@shop/contract/shop-params';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ProductGrid, type ProductGridProps } from '../../ui/product-grid';
import { usePageMeta } from '../../ui/use-page-meta';
import { searchResultsArgs, useGetProductsQuery } from './catalogue.api';
import { FilteredListLayout } from './filtered-list-layout';
import { FiltersEmptyState } from './filters-empty-state';
import { ProductListState } from './product-list-state';
import { SearchBox } from './search-box';
import { SearchNoResults } from './search-no-results';
import { useDebouncedValue } from './use-debounced-value';
import { type ShopQueryOf, useShopParams } from './use-shop-params';

const SEARCH_DEBOUNCE_MS = 250;

/** A filter change keeps the text the address has. */
const searchQueryOf: ShopQueryOf = (params, current) => searchPageQuery(current.get('q'), params);

/** What the line above the results says: how many for the text, or what is shown without one. */
function resultsLine(text: string, total: number, filtered: boolean) {
  if (text) return `${total} ${total === 1 ? 'result' : 'results'} for “${text}”`;
  return filtered ? `${total} ${total === 1 ? 'product' : 'products'}` : 'Our newest pieces';
}

/**
 * Searches the real catalogue through the API's `q` (name or description, case-insensitive), live as
 * the shopper types, so whatever is for sale can be found; the shop's filters, with their counts,
 * narrow what it found.
 */
export function SearchPage({ onAddToCart }: Pick<ProductGridProps, 'onAddToCart'>) {
  usePageMeta(PAGE_META.search.title, PAGE_META.search.description);
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const shop = useShopParams(searchQueryOf);
  const { params, clearFilters } = shop;
  const [text, setText] = useState(() => searchParams.get('q') ?? '');
  const inputRef = useRef<HTMLInputElement>(null);
  const query = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const listArgs = searchResultsArgs(query, params);
  const results = useGetProductsQuery(listArgs);
  const filtered = hasShopFilters(params);

  // The URL follows the search (replacing, not stacking history) so a shared link shows the same results.
  useEffect(() => {
    if ((searchParams.get('q') ?? '') === query) return;
    const next = searchPageQuery(query || null, parseShopParams(searchParams));
    navigate({ search: next ? `?${next}` : '' }, { replace: true });
  }, [query, searchParams, navigate]);

  const settling = text.trim() !== query || results.isFetching;
  // The other text is searched as if typed, and the box keeps the focus the link had.
  const searchInstead = (other: string) => {
    setText(other);
    inputRef.current?.focus();
  };

  return (
    <div className="container-page py-10 sm:py-14">
      <header className="flex flex-col items-center border-b border-sand pb-10 text-center">
        <p className="eyebrow">Find your piece</p>
        <h1 className="mt-3 font-display text-4xl text-ink sm:text-5xl">Search Products</h1>
        <SearchBox text={text} onText={setText} onSubmit={() => void results.refetch()} inputRef={inputRef} />
      </header>
      <FilteredListLayout shop={shop} list={listArgs}>
        <section aria-labelledby="search-results" aria-busy={settling} className="min-w-0">
          <h2 id="search-results" className="sr-only">
            Search results
          </h2>
          <ProductListState
            query={results}
            empty={
              filtered ? (
                <FiltersEmptyState onClear={clearFilters} />
              ) : (
                <SearchNoResults
                  didYouMean={results.data?.didYouMean}
                  onSearch={searchInstead}
                  onAddToCart={onAddToCart}
                />
              )
            }
          >
            {({ products, totalProducts }) => (
              <>
                <p role="status" className="mb-6 text-sm text-muted">
                  {resultsLine(query, totalProducts, filtered)}
                </p>
                <div className={`transition-opacity ${settling ? 'opacity-60' : ''}`}>
                  <ProductGrid products={products} onAddToCart={onAddToCart} />
                </div>
              </>
            )}
          </ProductListState>
        </section>
      </FilteredListLayout>
    </div>
  );
}
