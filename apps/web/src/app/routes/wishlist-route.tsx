import { useCallback } from 'react';
import { useStore } from 'react-redux';
import { useCurrentUser } from '../../features/auth/use-current-user';
import { cartLineKey, type StateWithCart } from '../../features/cart/cart.slice';
import { useAddToCart } from '../../features/cart/use-add-to-cart';
import type { MoveToCartLine } from '../../features/wishlist/wishlist-item-row';
import { WishlistPage } from '../../features/wishlist/wishlist-page';

/** /wishlist: the wishlist of whoever is shopping (auth), its items moved to the cart's lines (cart). */
export function WishlistRoute() {
  const user = useCurrentUser();
  const addToCart = useAddToCart();
  const store = useStore<StateWithCart>();
  // The cart says why a line did not go in; once the line is in the cart, it leaves the wishlist.
  const moveToCart = useCallback(
    (line: MoveToCartLine) => {
      addToCart(line);
      return store.getState().cart.products.some((p) => cartLineKey(p) === cartLineKey(line));
    },
    [addToCart, store],
  );
  return <WishlistPage signedIn={user !== null} onMoveToCart={moveToCart} />;
}
