import { useCurrentUser } from '../../features/auth/use-current-user';
import { WishlistHeart } from '../../features/wishlist/wishlist-heart';
import type { SaveForLaterProps } from '../../ui/save-for-later';

/** The wishlist's heart in the cards' and product page's slot, saving to the account once someone is logged in. */
export function WishlistHeartSlot(props: SaveForLaterProps) {
  const user = useCurrentUser();
  return <WishlistHeart {...props} signedIn={user !== null} />;
}
