import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch } from '../../lib/hooks';
import { wishlistApi } from './wishlist.api';
import { guestListJoined, type StateWithWishlist } from './wishlist.slice';

/**
 * Once a customer is logged in (at login, at register, or back on a later visit): a guest's list saved in
 * this browser joins the account's and is cleared here, or else the account's list is read, so the hearts
 * show it. One read per visit; the list answered fills the hearts (wishlist.api.ts). A list the server
 * refuses (a session that ended) stays in the browser for the next login.
 */
export function WishlistSync() {
  const dispatch = useAppDispatch();
  const store = useStore<StateWithWishlist>();
  useEffect(() => {
    const guest = store.getState().wishlist.guest;
    if (guest.length === 0) {
      const read = dispatch(wishlistApi.endpoints.getWishlist.initiate(undefined, { subscribe: false }));
      return () => read.abort();
    }
    void dispatch(wishlistApi.endpoints.mergeWishlist.initiate(guest))
      .unwrap()
      .then(
        () => dispatch(guestListJoined()),
        () => {},
      );
    return undefined;
  }, [dispatch, store]);
  return null;
}
