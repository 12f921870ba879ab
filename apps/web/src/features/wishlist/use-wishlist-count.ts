import { useSelector } from 'react-redux';
import { type StateWithWishlist, savedChoicesOf } from './wishlist.slice';

/** How many items the shopper's wishlist holds, for the link in the top bar. */
export const useWishlistCount = (signedIn: boolean) =>
  useSelector((state: StateWithWishlist) => savedChoicesOf(state, signedIn).length);
