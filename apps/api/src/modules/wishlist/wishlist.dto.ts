import { toDollars } from '@shop/contract/money';
import type { WishlistItem } from '@shop/contract/wishlist';
import type { SavedChoice } from '@shop/contract/wishlist-choice';
import type { WishedProduct } from './wishlist.queries';

/**
 * A saved item as the list shows it, from the product as it is now: the chosen colour's picture and price,
 * how many of the chosen size (or of any size) can be bought, and the one size of one colour the choice
 * names when it names one. A product of several colours names a size to buy only once a colour is chosen.
 */
export function toWishlistItemDto(product: WishedProduct, saved: SavedChoice, savedAt: Date): WishlistItem {
  const colour = saved.colour ? product.colours.find((c) => c.color === saved.colour) : undefined;
  const matching = product.variants.filter(
    (v) => (saved.colour === null || v.color === saved.colour) && (saved.size === null || v.size === saved.size),
  );
  const settled = product.colours.length <= 1 || colour !== undefined;
  const [only] = matching;
  return {
    productId: product.id,
    name: product.name,
    category: product.category,
    image: colour?.pictures[0]?.url ?? product.image,
    price: toDollars(colour?.priceCents ?? product.priceCents),
    oldPrice: colour?.priceCents != null || product.oldPriceCents === null ? null : toDollars(product.oldPriceCents),
    colour: saved.colour,
    colourName: colour?.name ?? null,
    size: saved.size,
    available: matching.reduce((sum, v) => sum + v.available, 0),
    variant:
      settled && matching.length === 1 && only
        ? { size: only.size, colour: only.color, sku: only.sku, available: only.available }
        : null,
    savedAt: savedAt.toISOString(),
  };
}
