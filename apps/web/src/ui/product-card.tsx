import { coloursOf, firstColourAmong, priceOfColour } from '@shop/contract/colour-choice';
import { PRODUCT_CARD_IMAGE_SIZES } from '@shop/contract/constants';
import type { Product } from '@shop/contract/products';
import { useId } from 'react';
import { Link } from 'react-router';
import { paths } from '../config/paths';
import { ColourDots } from './colour-dots';
import { PlusIcon } from './icons';
import { Price } from './price';
import { ProductImage } from './product-image';
import { RatingStars } from './rating-stars';
import { SaveForLater } from './save-for-later';

interface ProductCardProps {
  product: Product;
  onAddToCart: (product: Product) => void;
  priority?: boolean;
  /** The colours the shop's filter asks for: the card shows the first of them the product comes in. */
  colourFilter?: readonly string[];
}

const cardButton =
  'mt-3 inline-flex w-full items-center justify-center gap-1.5 rounded-full border border-sand bg-white px-4 py-2 text-xs font-medium text-ink transition hover:border-ink hover:bg-ink hover:text-ivory sm:absolute sm:right-3 sm:bottom-3 sm:mt-0 sm:w-auto sm:translate-y-1 sm:border-transparent sm:bg-ivory/95 sm:opacity-0 sm:shadow-sm sm:backdrop-blur sm:group-focus-within:translate-y-0 sm:group-focus-within:opacity-100 sm:group-hover:translate-y-0 sm:group-hover:opacity-100';

/**
 * The card of a product in the shop's grids. Asked for a colour the product comes in among others, it
 * shows that colour's first picture and price, and links to the product in that colour.
 */
export function ProductCard({ product, onAddToCart, priority = false, colourFilter = [] }: ProductCardProps) {
  const nameId = useId();
  const colours = coloursOf(product);
  const shown = colours.length > 1 ? firstColourAmong(product, colourFilter) : undefined;
  const href = paths.product.href(product._id, shown?.color);
  // Answers from before sizes (a cached list, an old client's data) have none: they add as before.
  const soldOut = product.inStock === false;
  const needsSize = (product.variants?.length ?? 0) > 1;
  return (
    <article className="group @container relative flex h-full flex-col">
      {/* Phones have no hover, so there the button sits under the picture instead of covering it. */}
      <div className="relative">
        <div className="relative overflow-hidden rounded-2xl bg-linen">
          <Link to={href} tabIndex={-1} aria-hidden="true">
            <ProductImage
              src={shown?.pictures[0]?.url ?? product.image}
              alt=""
              width={600}
              height={750}
              sizes={PRODUCT_CARD_IMAGE_SIZES}
              priority={priority}
              className="aspect-[4/5] w-full transition-transform duration-500 ease-out group-hover:scale-[1.03]"
            />
          </Link>
          <CardBadge product={product} soldOut={soldOut} />
          {/* The colour the card shows is the one saved; a size is chosen on the product page. */}
          <SaveForLater
            productId={product._id}
            name={product.name}
            colour={shown ? { key: shown.color, name: shown.name } : null}
            scope="product"
            className="absolute top-2.5 right-2.5 size-9 bg-ivory/90 shadow-sm backdrop-blur"
          />
        </div>
        {soldOut ? (
          // Keeps the card as tall as its neighbours on a phone, where the button sits under the picture.
          <span
            aria-hidden="true"
            className={`${cardButton} cursor-default text-muted hover:border-sand hover:bg-white hover:text-muted`}
          >
            Sold out
          </span>
        ) : needsSize ? (
          // A size is chosen on the product page, where each size says what is left of it.
          <Link to={href} aria-describedby={nameId} className={cardButton}>
            Choose a size
          </Link>
        ) : (
          <button type="button" onClick={() => onAddToCart(product)} aria-describedby={nameId} className={cardButton}>
            <PlusIcon className="size-3.5" />
            Add to cart
          </button>
        )}
      </div>
      <div className="mt-4 flex flex-1 flex-col gap-1.5 px-0.5">
        <p className="text-[0.7rem] tracking-[0.18em] text-muted uppercase">{product.category}</p>
        <h3 id={nameId} className="font-display text-lg leading-snug text-ink">
          <Link to={href} className="hover:text-clay focus-visible:text-clay">
            {product.name}
          </Link>
        </h3>
        <ColourDots colours={colours} />
        {/*
          Price and stars share a line only when the card is wide enough for both, so cards in a row align.
          A rating comes from reviews: a product without any shows no stars.
        */}
        <div className="mt-auto flex flex-col items-start gap-1.5 pt-1 @3xs:flex-row @3xs:items-center @3xs:justify-between @3xs:gap-3">
          <Price
            price={shown ? priceOfColour(product, shown) : product.price}
            oldPrice={shown?.price != null ? null : product.oldPrice}
            className="text-sm font-medium"
          />
          {product.reviewCount > 0 && <RatingStars value={product.rating} />}
        </div>
      </div>
    </article>
  );
}

/** Sold out, or Sale when the product's price is below its old one, over the card's picture. */
function CardBadge({ product, soldOut }: { product: Product; soldOut: boolean }) {
  if (soldOut) {
    return (
      <span className="absolute top-3 left-3 rounded-full bg-ink/85 px-3 py-1 text-[0.7rem] font-medium tracking-wider text-ivory uppercase">
        Sold out
      </span>
    );
  }
  if (product.oldPrice == null || product.oldPrice <= product.price) return null;
  return (
    <span className="absolute top-3 left-3 rounded-full bg-ivory/95 px-3 py-1 text-[0.7rem] font-medium tracking-wider text-clay uppercase">
      Sale
    </span>
  );
}
