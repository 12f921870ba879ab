import { coloursOf, priceOfColour, variantsOfColour } from '@shop/contract/colour-choice';
import type { ProductVariant } from '@shop/contract/inventory';
import type { Product, ProductColour } from '@shop/contract/products';
import { SHIPPING_PROMISES } from '@shop/contract/shipping';
import { ONE_SIZE } from '@shop/contract/sizes';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { Button } from '../../ui/button';
import { Price } from '../../ui/price';
import { RatingStars } from '../../ui/rating-stars';
import { SaveForLater } from '../../ui/save-for-later';
import { ColourSwatches } from './colour-swatches';
import { ProductGallery } from './product-gallery';
import { SizeGuide } from './size-guide';
import { availabilityNote, SizePicker } from './size-picker';
import { useChosenColour } from './use-chosen-colour';

/** The query parameter that names the size a link opens the product page with. */
const SIZE_PARAM = 'size';

/** The chosen colour and those of its sizes that are sold out, for what the page shows beside them. */
export interface SoldOutChoice {
  colour: ProductColour;
  soldOutSizes: string[];
}

interface ProductDetailsProps {
  product: Product;
  onAddToCart: (product: Product, variant?: ProductVariant) => void;
  /** Shown under Add to cart (composed by the page: "Email me when it's back"). */
  soldOut?: (choice: SoldOutChoice) => ReactNode;
  /** Shown under the sizes (composed by the page: what customers say of the fit). */
  fitNote?: ReactNode;
}

/**
 * The product page: breadcrumb, the chosen colour's pictures, prices, description, category, colour,
 * stars, the colours to choose from, Add to cart; and the chosen colour's sizes, each saying whether it
 * can still be bought. Add to cart waits for a size.
 */
export function ProductDetails({ product, onAddToCart, soldOut, fitNote }: ProductDetailsProps) {
  const [colour, chooseColour] = useChosenColour(product);
  const colours = coloursOf(product);
  return (
    <>
      <ProductBreadcrumb name={product.name} />
      <div className="mt-6 grid gap-10 md:grid-cols-2 lg:gap-16">
        {/* A new colour starts its gallery at its first picture. */}
        <ProductGallery key={colour.color} name={product.name} pictures={colour.pictures} />
        <div className="flex flex-col md:py-6">
          <Link
            to={paths.category.href(product.category)}
            className="eyebrow self-start hover:underline hover:underline-offset-4"
          >
            {product.category}
          </Link>
          <h1 className="mt-3 font-display text-4xl leading-tight text-ink lg:text-5xl">{product.name}</h1>
          <ProductRating product={product} />
          {/* The old price is the product's: a colour with a price of its own is not on sale by it. */}
          <Price
            price={priceOfColour(product, colour)}
            oldPrice={colour.price === null ? product.oldPrice : null}
            className="mt-6 text-2xl font-medium"
          />
          <p className="mt-6 leading-relaxed text-ink/85">{product.description}</p>
          <ProductFacts product={product} colour={colour} />
          {colours.length > 1 && (
            <div className="mt-8">
              <ColourSwatches colours={colours} chosen={colour} price={product.price} onChoose={chooseColour} />
            </div>
          )}
          <ProductPurchase
            product={product}
            colour={colour}
            onAddToCart={onAddToCart}
            soldOut={soldOut}
            fitNote={fitNote}
          />
          <p className="mt-4 text-xs text-muted">{SHIPPING_PROMISES.freeStandard} · 100% money-back guarantee</p>
        </div>
      </div>
    </>
  );
}

interface ProductPurchaseProps extends ProductDetailsProps {
  colour: ProductColour;
}

/**
 * The chosen colour's sizes and Add to cart. A size chosen in one colour stays chosen in the next when it
 * can be bought there too.
 */
function ProductPurchase({ product, colour, onAddToCart, soldOut, fitNote }: ProductPurchaseProps) {
  const variants = variantsOfColour(product, colour);
  const oneSize = variants.length <= 1 && (variants[0]?.size ?? ONE_SIZE) === ONE_SIZE;
  const inStock = variants.length === 0 ? product.inStock : variants.some((v) => v.available > 0);
  const [size, setSize] = useState<string | null>(null);
  // A link may name the size (`?size=`, as a back-in-stock mail does): chosen once the page is in the
  // browser, since the server renders one page per colour whatever the size.
  const [search] = useSearchParams();
  const linkedSize = search.get(SIZE_PARAM);
  useEffect(() => {
    if (linkedSize) setSize(linkedSize);
  }, [linkedSize]);
  const [needsChoice, setNeedsChoice] = useState(false);
  const pickerRef = useRef<HTMLDivElement>(null);
  const chosen = oneSize ? variants[0] : variants.find((v) => v.size === size && v.available > 0);

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
      <div ref={pickerRef} className="mt-8">
        {oneSize ? (
          <p className="text-sm">
            <span className={inStock ? 'text-muted' : 'font-medium text-stop-dark'}>
              {availabilityNote(variants[0]) ?? 'In stock'}
            </span>
          </p>
        ) : (
          <>
            <SizePicker
              variants={variants}
              selected={chosen?.size ?? null}
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
        {fitNote}
      </div>
      <div className="mt-6 flex items-center gap-3">
        {inStock ? (
          <Button onClick={add} className="flex-1 sm:flex-none sm:px-12">
            Add to cart
          </Button>
        ) : (
          <Button disabled className="flex-1 sm:flex-none sm:px-12">
            Sold out
          </Button>
        )}
        {/* Saves the colour shown and the size chosen, when there are several to choose from. */}
        <SaveForLater
          productId={product._id}
          name={product.name}
          colour={coloursOf(product).length > 1 ? { key: colour.color, name: colour.name } : null}
          size={oneSize ? null : (chosen?.size ?? null)}
          scope="choice"
          className="size-12 shrink-0 border border-sand bg-white hover:border-ink"
        />
      </div>
      {soldOut?.({ colour, soldOutSizes: variants.filter((v) => v.available <= 0).map((v) => v.size) })}
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

function ProductFacts({ product, colour }: { product: Product; colour: ProductColour }) {
  return (
    <dl className="mt-8 grid grid-cols-2 gap-4 border-y border-sand py-5 text-sm">
      <div>
        <dt className="field-label">Category</dt>
        <dd className="text-ink capitalize">{product.category}</dd>
      </div>
      <div>
        <dt className="field-label">Color</dt>
        <dd className="text-ink capitalize">{colour.name}</dd>
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
