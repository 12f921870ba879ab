import { TRENDING_FETCH_LIMIT, TRENDING_INITIAL_COUNT, TRENDING_LOAD_MORE_STEP } from '@shop/contract/constants';
import { type ReactNode, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { Button } from '../../ui/button';
import { ProductGrid, type ProductGridProps } from '../../ui/product-grid';
import { SectionHeading } from '../../ui/section-heading';
import { EmptyState } from '../../ui/status-message';
import { useGetProductsQuery } from './catalogue.api';
import { ProductListState } from './product-list-state';

interface TrendingGridProps extends Pick<ProductGridProps, 'onAddToCart'> {
  /** What shows when the shop has nothing to offer yet. */
  empty: ReactNode;
}

/** One fetch, a few shown; Load More shows a few more and disappears once all fetched are shown. */
export function TrendingGrid({ onAddToCart, empty }: TrendingGridProps) {
  const query = useGetProductsQuery({ limit: TRENDING_FETCH_LIMIT });
  const [visible, setVisible] = useState(TRENDING_INITIAL_COUNT);

  return (
    <ProductListState query={query} skeletonCount={TRENDING_INITIAL_COUNT} retry={false} empty={empty}>
      {({ products }) => (
        <>
          <ProductGrid products={products.slice(0, visible)} onAddToCart={onAddToCart} />
          {visible < products.length && (
            <div className="mt-12 flex justify-center">
              <Button variant="outline" onClick={() => setVisible((n) => n + TRENDING_LOAD_MORE_STEP)}>
                Load More
              </Button>
            </div>
          )}
        </>
      )}
    </ProductListState>
  );
}

export function TrendingProducts({ onAddToCart }: Pick<ProductGridProps, 'onAddToCart'>) {
  return (
    <section aria-labelledby="trending-title" className="container-page py-12 sm:py-16">
      <SectionHeading
        id="trending-title"
        eyebrow="Loved this week"
        title="Trending Products"
        intro="The pieces everyone is adding to their carts right now, from easy dresses to finishing touches."
      />
      <div className="mt-10">
        <TrendingGrid
          onAddToCart={onAddToCart}
          empty={
            <EmptyState title="New pieces are on their way">
              Check back soon, or browse the <Link to={paths.shop.href()}>whole shop</Link>.
            </EmptyState>
          }
        />
      </div>
    </section>
  );
}
