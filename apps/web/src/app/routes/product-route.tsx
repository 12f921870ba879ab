import type { Product } from '@shop/contract/products';
import { PAGE_META, productDescription } from '@shop/contract/seo';
import { ONE_SIZE, sizePosition } from '@shop/contract/sizes';
import { useCallback } from 'react';
import { useNavigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { useCurrentUser } from '../../features/auth/use-current-user';
import { BackInStockControl } from '../../features/back-in-stock/back-in-stock-control';
import { useAddToCart } from '../../features/cart/use-add-to-cart';
import { isProductNotFound, useGetProductQuery } from '../../features/catalogue/catalogue.api';
import { ProductDetails, ProductDetailsSkeleton } from '../../features/catalogue/product-details';
import { ProductError } from '../../features/catalogue/product-error';
import { RelatedProducts } from '../../features/catalogue/related-products';
import { useGetProductFitQuery } from '../../features/fit/fit.api';
import { FitNote } from '../../features/fit/fit-note';
import { ReviewsSection } from '../../features/reviews/reviews-section';
import { QueryState } from '../../ui/dashboard-kit/query-state';
import { usePageMeta } from '../../ui/use-page-meta';

/** The sizes a reviewer may say they bought: those the product is sold in, none for a one-size piece. */
const sizesOfProduct = (product: Product) =>
  [...new Set(product.variants.map((v) => v.size))]
    .filter((size) => size !== ONE_SIZE)
    .sort((a, b) => sizePosition(a) - sizePosition(b));

/**
 * /shop/{id}: the product (catalogue) with "Email me when it's back" for its sold-out sizes (back-in-stock),
 * what customers say of its fit (fit), its reviews (reviews) and related products, composed here.
 */
export function ProductRoute() {
  const { id = '' } = useParams();
  const { data: answer, error: failure, isLoading, refetch } = useGetProductQuery(id);
  // The fit note is extra: while it loads, or if it fails, the page goes on without it.
  const { data: fit } = useGetProductFitQuery(id);
  const data = isProductNotFound(answer) ? undefined : answer;
  const error = isProductNotFound(answer) ? answer.notFound : failure;
  const query = { data, error, isLoading, refetch };
  const user = useCurrentUser();
  const addToCart = useAddToCart();
  const navigate = useNavigate();
  const product = data?.product;
  usePageMeta(
    product?.name ?? PAGE_META.product.title,
    product ? productDescription(product.description) : PAGE_META.product.description,
  );

  const onLoginNeeded = useCallback(
    () => navigate(paths.login.href(), { state: { notice: 'Please log in to write a review.' } }),
    [navigate],
  );

  return (
    <div className="container-page space-y-16 py-8 sm:py-12">
      <div>
        <QueryState
          query={query}
          loading={<ProductDetailsSkeleton />}
          failed={(problem, retry) => <ProductError error={problem} onRetry={retry} />}
        >
          {({ product }) => (
            <ProductDetails
              key={product._id}
              product={product}
              onAddToCart={addToCart}
              fitNote={<FitNote summary={fit} />}
              soldOut={({ colour, soldOutSizes }) => (
                <BackInStockControl
                  productId={product._id}
                  colour={colour.color}
                  colourName={colour.name}
                  soldOutSizes={soldOutSizes}
                  signedIn={user !== null}
                />
              )}
            />
          )}
        </QueryState>
      </div>
      {data && (
        <ReviewsSection
          productId={data.product._id}
          sizes={sizesOfProduct(data.product)}
          reviews={data.reviews}
          total={data.product.reviewCount}
          user={user}
          onLoginNeeded={onLoginNeeded}
        />
      )}
      {data && <RelatedProducts productId={data.product._id} onAddToCart={addToCart} />}
    </div>
  );
}
