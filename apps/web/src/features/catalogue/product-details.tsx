import { PRODUCT_PAGE_IMAGE_SIZES } from '@shop/contract/constants';
import type { ProductVariant } from '@shop/contract/inventory';
import type { Product } from '@shop/contract/products';
import { SHIPPING_PROMISES } from '@shop/contract/shipping';
import { ONE_SIZE } from '@shop/contract/sizes';
import { useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { Button } from '../../ui/button';
import { Price } from '../../ui/price';
import { ProductImage } from '../../ui/product-image';
import { RatingStars } from '../../ui/rating-stars';
import { SizeGuide } from './size-guide';
import { availabilityNote, SizePicker } from './size-picker';

interface ProductDetailsProps {
  product: Product;
  onAddToCart: (product: Product, variant?: ProductVariant) => void;
}

/**
 * The product page: breadcrumb, image, prices, description, category, colour, stars, Add to cart;
 * and the sizes, each saying whether it can still be bought. Add to cart waits for a size.
 */
export function ProductDetails({ product, onAddToCart }: ProductDetailsProps) {
  const oneSize = product.variants.length <= 1 && (product.variants[0]?.size ?? ONE_SIZE) === ONE_SIZE;
  const [size, setSize] = useState<string | null>(null);
  const [needsChoice, setNeedsChoice] = useState(false);
  const pickerRef = useRef<HTMLDivElement>(null);
  const chosen = oneSize ? product.variants[0] : product.variants.find((v) => v.size === size);

  const add = () => {
    if (!chosen) {
      setNeedsChoice(true);
      pickerRef.current?.querySelector<HTMLInputElement>('input:not(:disabled)')?.focus();
      return;
    }
    onAddToCart(product, chosen);
  };

  return (
    <>
      <ProductBreadcrumb name={product.name} />
      <div className="mt-6 grid gap-10 md:grid-cols-2 lg:gap-16">
        <ProductImage
          src={product.image}
          alt={product.name}
          width={800}
          height={1000}
          sizes={PRODUCT_PAGE_IMAGE_SIZES}
          priority
          className="aspect-[4/5] w-full rounded-3xl"
        />
        <div className="flex flex-col md:py-6">
          <Link
            to={paths.category.href(product.category)}
            className="eyebrow self-start hover:underline hover:underline-offset-4"
          >
            {product.category}
          </Link>
          <h1 className="mt-3 font-display text-4xl leading-tight text-ink lg:text-5xl">{product.name}</h1>
          <ProductRating product={product} />
          <Price price={product.price} oldPrice={product.oldPrice} className="mt-6 text-2xl font-medium" />
          <p className="mt-6 leading-relaxed text-ink/85">{product.description}</p>
          <ProductFacts product={product} />
          <div ref={pickerRef} className="mt-8">
            {oneSize ? (
              <p className="text-sm">
                <span className={product.inStock ? 'text-muted' : 'font-medium text-stop-dark'}>
                  {availabilityNote(product.variants[0]) ?? 'In stock'}
                </span>
              </p>
            ) : (
              <>
                <SizePicker
                  variants={product.variants}
                  selected={size}
                  onSelect={(next) => {
                    setSize(next);
                    setNeedsChoice(false);
                  }}
                  needsChoice={needsChoice}
                />
                <div className="mt-1">
                  <SizeGuide scale={product.sizeScale} />
                </div>
              </>
            )}
          </div>
          {product.inStock ? (
            <Button onClick={add} className="mt-6 w-full sm:w-auto sm:self-start sm:px-12">
              Add to cart
            </Button>
          ) : (
            <Button disabled className="mt-6 w-full sm:w-auto sm:self-start sm:px-12">
              Sold out
            </Button>
          )}
          <p className="mt-4 text-xs text-muted">{SHIPPING_PROMISES.freeStandard} · 100% money-back guarantee</p>
        </div>
      </div>
    </>
  );
}

function ProductBreadcrumb({ name }: { name: string }) {
  return (
    <nav aria-label="Breadcrumb" className="text-xs text-muted">
      <ol className="flex flex-wrap items-center gap-2">
        <li>
          <Link to={paths.home.href()} className="hover:text-ink">
            Home
          </Link>
        </li>
        <li aria-hidden="true">›</li>
        <li>
          <Link to={paths.shop.href()} className="hover:text-ink">
            Shop
          </Link>
        </li>
        <li aria-hidden="true">›</li>
        <li aria-current="page" className="text-ink">
          {name}
        </li>
      </ol>
    </nav>
  );
}

function ProductRating({ product }: { product: Product }) {
  return (
    <div className="mt-4 flex items-center gap-3 text-sm text-muted">
      {/* A rating comes from reviews: without any, the empty text and no stars. */}
      {product.reviewCount === 0 ? (
        <span>No reviews yet</span>
      ) : (
        <>
          <RatingStars value={product.rating} size="md" />
          <span>
            {`${product.rating.toFixed(1)} · ${product.reviewCount} ${product.reviewCount === 1 ? 'review' : 'reviews'}`}
          </span>
        </>
      )}
    </div>
  );
}

function ProductFacts({ product }: { product: Product }) {
  return (
    <dl className="mt-8 grid grid-cols-2 gap-4 border-y border-sand py-5 text-sm">
      <div>
        <dt className="field-label">Category</dt>
        <dd className="text-ink capitalize">{product.category}</dd>
      </div>
      <div>
        <dt className="field-label">Color</dt>
        <dd className="text-ink capitalize">{product.color}</dd>
      </div>
    </dl>
  );
}

export function ProductDetailsSkeleton() {
  return (
    // The breadcrumb's line first, as on the loaded page: a top margin here would collapse through the
    // page's wrapper and move the whole page when the product arrives.
    <div role="status" aria-label="Loading the product">
      <div className="flex h-4 items-center">
        <div className="h-3 w-48 animate-pulse rounded bg-sand/60" />
      </div>
      <div className="mt-6 grid gap-10 md:grid-cols-2 lg:gap-16">
        <div className="aspect-[4/5] w-full animate-pulse rounded-3xl bg-sand/60" />
        <div className="space-y-4 md:py-6">
          <div className="h-3 w-24 animate-pulse rounded bg-sand/60" />
          <div className="h-10 w-3/4 animate-pulse rounded bg-sand/60" />
          <div className="h-5 w-1/3 animate-pulse rounded bg-sand/60" />
          <div className="h-24 w-full animate-pulse rounded bg-sand/60" />
        </div>
      </div>
    </div>
  );
}
