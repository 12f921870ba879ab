import { PAGE_META } from '@shop/contract/seo';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ProductGrid, type ProductGridProps } from '../../ui/product-grid';
import { usePageMeta } from '../../ui/use-page-meta';
import { searchResultsArgs, useGetProductsQuery } from './catalogue.api';
import { ProductListState } from './product-list-state';
import { SearchBox } from './search-box';
import { SearchNoResults } from './search-no-results';
import { useDebouncedValue } from './use-debounced-value';

const SEARCH_DEBOUNCE_MS = 250;

/**
 * Searches the real catalogue through the API's `q` (name or description, case-insensitive), live as
 * the shopper types, so whatever is for sale can be found.
 */
export function SearchPage({ onAddToCart }: Pick<ProductGridProps, 'onAddToCart'>) {
  usePageMeta(PAGE_META.search.title, PAGE_META.search.description);
  const [searchParams, setSearchParams] = useSearchParams();
  const [text, setText] = useState(() => searchParams.get('q') ?? '');
  const inputRef = useRef<HTMLInputElement>(null);
  const query = useDebouncedValue(text.trim(), SEARCH_DEBOUNCE_MS);
  const results = useGetProductsQuery(searchResultsArgs(query));

  // The URL follows the search (replacing, not stacking history) so a shared link shows the same results.
  useEffect(() => {
    if ((searchParams.get('q') ?? '') === query) return;
    setSearchParams(query ? { q: query } : {}, { replace: true });
  }, [query, searchParams, setSearchParams]);

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
      <section aria-labelledby="search-results" aria-busy={settling} className="mt-10">
        <h2 id="search-results" className="sr-only">
          Search results
        </h2>
        <ProductListState
          query={results}
          empty={
            <SearchNoResults didYouMean={results.data?.didYouMean} onSearch={searchInstead} onAddToCart={onAddToCart} />
          }
        >
          {({ products, totalProducts }) => (
            <>
              <p role="status" className="mb-6 text-sm text-muted">
                {query
                  ? `${totalProducts} ${totalProducts === 1 ? 'result' : 'results'} for “${query}”`
                  : 'Our newest pieces'}
              </p>
              <div className={`transition-opacity ${settling ? 'opacity-60' : ''}`}>
                <ProductGrid products={products} onAddToCart={onAddToCart} />
              </div>
            </>
          )}
        </ProductListState>
      </section>
    </div>
  );
}
