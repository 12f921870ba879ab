import type { ProductListResponse } from '@shop/contract/products';
import type { ReactNode } from 'react';
import { type QueryResult, QueryState } from '../../ui/dashboard-kit/query-state';
import { ProductGridSkeleton } from '../../ui/skeleton';
import { ProductListError } from './product-list-error';

interface ProductListStateProps {
  query: QueryResult<ProductListResponse>;
  /** How many placeholder cards stand in while the list loads. */
  skeletonCount?: number;
  /** Whether a failed list offers to ask again. */
  retry?: boolean;
  /** What a list without a single product shows instead. */
  empty: ReactNode;
  children: (list: ProductListResponse) => ReactNode;
}

/** A catalogue list in its states: a grid of placeholder cards, the product list's error, its empty look, the list. */
export function ProductListState({ query, skeletonCount, retry = true, empty, children }: ProductListStateProps) {
  return (
    <QueryState
      query={query}
      loading={<ProductGridSkeleton count={skeletonCount} />}
      failed={(error, onRetry) => <ProductListError error={error} onRetry={retry ? onRetry : undefined} />}
      empty={empty}
      isEmpty={(list) => list.products.length === 0}
    >
      {children}
    </QueryState>
  );
}
