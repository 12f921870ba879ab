import { describeChoice, LOW_STOCK_THRESHOLD, ONE_SIZE, type SizeLabel } from '@shop/contract/sizes';
import type { WishlistItem } from '@shop/contract/wishlist';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { Button, buttonClass } from '../../ui/button';
import { Price } from '../../ui/price';
import { ProductImage } from '../../ui/product-image';
import { savedItemName } from './wishlist-names';

/** A cart line as the cart takes it (the cart's own shape, which the app passes on). */
export interface MoveToCartLine {
  _id: string;
  name: string;
  price: number;
  image: string;
  colour?: NonNullable<WishlistItem['colour']>;
  colourName?: string;
  size?: SizeLabel;
  sku?: string;
  available: number;
}

/** The cart line an item makes, when it names one size of one colour; none while a size is still to choose. */
export function cartLineOfItem(item: WishlistItem): MoveToCartLine | undefined {
  const variant = item.variant;
  if (!variant) return undefined;
  const sized = variant.size === ONE_SIZE ? {} : { size: variant.size as SizeLabel, sku: variant.sku };
  return {
    _id: item.productId,
    name: item.name,
    price: item.price,
    image: item.image,
    ...(item.colour ? { colour: item.colour, colourName: item.colourName ?? item.colour } : {}),
    ...sized,
    available: variant.available,
  };
}

function availabilityOf(item: WishlistItem): { text: string; soldOut: boolean } {
  if (item.available === 0) return { text: 'Sold out', soldOut: true };
  if (item.available <= LOW_STOCK_THRESHOLD) return { text: `Only ${item.available} left`, soldOut: false };
  return { text: 'In stock', soldOut: false };
}

interface WishlistItemRowProps {
  item: WishlistItem;
  onMoveToCart: (item: WishlistItem, line: MoveToCartLine) => void;
  onRemove: (item: WishlistItem) => void;
}

/** One saved item: its picture, name, colour and size, price and stock, then what can be done with it. */
export function WishlistItemRow({ item, onMoveToCart, onRemove }: WishlistItemRowProps) {
  const href = paths.product.href(item.productId, item.colour ?? undefined);
  const line = cartLineOfItem(item);
  const { text, soldOut } = availabilityOf(item);
  const choice = describeChoice(item.colourName ?? item.colour, item.size);
  const named = savedItemName(item.name, item.colourName ?? item.colour, item.size);
  return (
    <article className="flex gap-4 py-5 sm:gap-6">
      <Link to={href} tabIndex={-1} aria-hidden="true" className="shrink-0">
        <ProductImage
          src={item.image}
          alt=""
          width={120}
          height={150}
          sizes="(min-width: 640px) 120px, 88px"
          className="aspect-[4/5] w-22 rounded-xl bg-linen object-cover sm:w-30"
        />
      </Link>
      <div className="flex min-w-0 flex-1 flex-col gap-1.5 sm:flex-row sm:items-start sm:justify-between sm:gap-6">
        <div className="min-w-0">
          <h2 className="font-display text-lg leading-snug text-ink">
            <Link to={href} className="hover:text-clay">
              {item.name}
            </Link>
          </h2>
          {choice && <p className="text-sm text-muted">{choice}</p>}
          <Price price={item.price} oldPrice={item.oldPrice} className="mt-1 text-sm font-medium" />
          <p className={`mt-1 text-sm ${soldOut ? 'font-medium text-stop-dark' : 'text-muted'}`}>{text}</p>
        </div>
        <div className="mt-2 flex flex-wrap items-center gap-2 sm:mt-0 sm:shrink-0 sm:flex-col sm:items-end">
          {soldOut ? null : line ? (
            <Button size="sm" onClick={() => onMoveToCart(item, line)} aria-label={`Move to cart: ${named}`}>
              Move to cart
            </Button>
          ) : (
            // The size (or colour) is chosen on the product page, where each says what is left of it.
            <Link to={href} className={buttonClass('outline', 'sm')} aria-label={`Choose a size for ${named}`}>
              Choose a size
            </Link>
          )}
          <Button
            variant="ghost"
            size="sm"
            onClick={() => onRemove(item)}
            aria-label={`Remove ${named} from your wishlist`}
          >
            Remove
          </Button>
        </div>
      </div>
    </article>
  );
}
