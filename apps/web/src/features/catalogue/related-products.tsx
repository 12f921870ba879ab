import { RELATED_PRODUCTS_MAX } from '@shop/contract/constants';
import { ProductGrid, type ProductGridProps } from '../../ui/product-grid';
import { ProductGridSkeleton } from '../../ui/skeleton';
import { useFirstScreenDone } from '../../ui/when-idle';
import { useGetRelatedProductsQuery } from './catalogue.api';

/**
 * More from the same category; quietly absent when there is nothing to show or the call fails. Below
 * the product, so on a first visit it is asked for once the product is on screen.
 */
export function RelatedProducts({
  productId,
  onAddToCart,
}: { productId: string } & Pick<ProductGridProps, 'onAddToCart'>) {
  const firstScreenDone = useFirstScreenDone();
  const { data, isLoading } = useGetRelatedProductsQuery(productId, { skip: !firstScreenDone });
  const loading = isLoading || !firstScreenDone;
  if (!loading && !data?.length) return null;
  return (
    <section aria-labelledby="related-title" className="border-t border-sand pt-12">
      <h2 id="related-title" className="section-title">
        You may also like
      </h2>
      <div className="mt-8">
        {loading ? (
          <ProductGridSkeleton count={4} />
        ) : (
          <ProductGrid products={(data ?? []).slice(0, RELATED_PRODUCTS_MAX)} onAddToCart={onAddToCart} />
        )}
      </div>
    </section>
  );
}
