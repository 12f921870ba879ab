import { type SavedChoice, WISHLIST_MAX_ITEMS, WISHLIST_MESSAGES } from '@shop/contract/wishlist-choice';
import { useCallback } from 'react';
import { useStore } from 'react-redux';
import { apiErrorMessage, apiErrorStatus } from '../../lib/api-error';
import { useAppDispatch } from '../../lib/hooks';
import { useToast } from '../../ui/toast';
import {
  removedByGuest,
  removedFromAccount,
  type StateWithWishlist,
  savedByGuest,
  savedChoicesOf,
  savedToAccount,
} from './wishlist.slice';

// The API client is fetched at the first tap of a customer's heart, not with every page's first script.
const loadApi = () => import('./wishlist.api');

/**
 * Saving and removing, for a guest in this browser and for a customer on the account. A customer's heart
 * changes at once and goes back, with the reason, when the server refuses.
 */
export function useWishlistChanges(signedIn: boolean) {
  const dispatch = useAppDispatch();
  const store = useStore<StateWithWishlist>();
  const notify = useToast();

  const save = useCallback(
    async (choice: SavedChoice, named: string) => {
      if (savedChoicesOf(store.getState(), signedIn).length >= WISHLIST_MAX_ITEMS) {
        notify(`${WISHLIST_MESSAGES.full}.`, 'error');
        return;
      }
      dispatch(signedIn ? savedToAccount(choice) : savedByGuest(choice));
      try {
        if (signedIn) {
          const { wishlistApi } = await loadApi();
          await dispatch(wishlistApi.endpoints.saveToWishlist.initiate(choice)).unwrap();
        }
        notify(`${named} was saved to your wishlist.`, 'success');
      } catch (error) {
        dispatch(removedFromAccount(choice));
        notify(apiErrorMessage(error) ?? `${named} could not be saved. Please try again.`, 'error');
      }
    },
    [dispatch, store, notify, signedIn],
  );

  const remove = useCallback(
    /** `quiet`: the shopper is told otherwise (the item went to the cart). */
    async (choices: readonly SavedChoice[], named: string, { quiet = false } = {}) => {
      for (const choice of choices) dispatch(signedIn ? removedFromAccount(choice) : removedByGuest(choice));
      try {
        if (signedIn) {
          const { wishlistApi } = await loadApi();
          for (const choice of choices) {
            const removed = dispatch(wishlistApi.endpoints.removeFromWishlist.initiate(choice)).unwrap();
            // Not there any more (taken off in another tab) is what was asked.
            await removed.catch((error: unknown) => {
              if (apiErrorStatus(error) !== 404) throw error;
            });
          }
        }
        if (!quiet) notify(`${named} was removed from your wishlist.`, 'info');
      } catch (error) {
        for (const choice of choices) dispatch(savedToAccount(choice));
        notify(apiErrorMessage(error) ?? `${named} could not be removed. Please try again.`, 'error');
      }
    },
    [dispatch, notify, signedIn],
  );

  return { save, remove };
}
