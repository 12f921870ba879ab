import { type SavedChoice, savedChoiceKey } from '@shop/contract/wishlist-choice';
import { useSelector } from 'react-redux';
import type { SaveForLaterProps } from '../../ui/save-for-later';
import { useWishlistChanges } from './use-wishlist-changes';
import { type StateWithWishlist, savedChoicesOf } from './wishlist.slice';
import { savedItemName } from './wishlist-names';

const HEART = 'M12 20.5s-7.5-4.6-7.5-10.4A4.1 4.1 0 0 1 12 7.6a4.1 4.1 0 0 1 7.5 2.5c0 5.8-7.5 10.4-7.5 10.4z';

export function HeartIcon({ filled, className = 'size-5' }: { filled: boolean; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="1.6"
    >
      <path d={HEART} strokeLinejoin="round" />
    </svg>
  );
}

/**
 * The heart that saves a product to the wishlist or takes it off, a toggle button that says which it
 * would do. A guest's heart is known only in the browser: the server renders every heart empty, and the
 * browser fills its own once it runs the page.
 */
export function WishlistHeart({
  signedIn,
  productId,
  name,
  colour = null,
  size = null,
  scope,
  className = '',
}: SaveForLaterProps & { signedIn: boolean }) {
  const choice: SavedChoice = { productId, colour: colour?.key ?? null, size: size ?? null };
  const saved = useSelector((state: StateWithWishlist) => savedChoicesOf(state, signedIn));
  const mine =
    scope === 'product'
      ? saved.filter((c) => c.productId === productId)
      : saved.filter((c) => savedChoiceKey(c) === savedChoiceKey(choice));
  const pressed = mine.length > 0;
  const { save, remove } = useWishlistChanges(signedIn);
  const named = scope === 'product' ? name : savedItemName(name, colour?.name, size);
  return (
    <button
      type="button"
      aria-pressed={pressed}
      aria-label={pressed ? `Remove ${named} from your wishlist` : `Save ${named} to your wishlist`}
      onClick={() => void (pressed ? remove(mine, named) : save(choice, named))}
      className={`grid place-items-center rounded-full transition-colors ${pressed ? 'text-clay' : 'text-ink hover:text-clay'} ${className}`}
    >
      <HeartIcon filled={pressed} />
    </button>
  );
}
