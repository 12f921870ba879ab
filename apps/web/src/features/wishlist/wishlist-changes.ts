import { type SavedChoice, WISHLIST_MAX_ITEMS, WISHLIST_MESSAGES } from '@shop/contract/wishlist-choice';
import { apiErrorMessage, apiErrorStatus } from '../../lib/api-error';
import type { AppDispatch } from '../../lib/hooks';
import type { ToastTone } from '../../ui/toast';
import { wishlistApi } from './wishlist.api';
import {
  removedByGuest,
  removedFromAccount,
  type StateWithWishlist,
  savedByGuest,
  savedChoicesOf,
  savedToAccount,
} from './wishlist.slice';

// Loaded at a heart's first tap, with the API client: no page's first script carries it.

export interface WishlistChangeContext {
  dispatch: AppDispatch;
  getState: () => StateWithWishlist;
  notify: (message: string, tone?: ToastTone) => void;
  signedIn: boolean;
}

/** A customer's heart changes at once, and goes back with the reason when the server refuses. */
export async function saveChoice(
  { dispatch, getState, notify, signedIn }: WishlistChangeContext,
  choice: SavedChoice,
  named: string,
) {
  if (savedChoicesOf(getState(), signedIn).length >= WISHLIST_MAX_ITEMS) {
    notify(`${WISHLIST_MESSAGES.full}.`, 'error');
    return;
  }
  dispatch(signedIn ? savedToAccount(choice) : savedByGuest(choice));
  try {
    if (signedIn) await dispatch(wishlistApi.endpoints.saveToWishlist.initiate(choice)).unwrap();
    notify(`${named} was saved to your wishlist.`, 'success');
  } catch (error) {
    dispatch(removedFromAccount(choice));
    notify(apiErrorMessage(error) ?? `${named} could not be saved. Please try again.`, 'error');
  }
}

/** `quiet`: the shopper is told otherwise (the item went to the cart). */
export async function removeChoices(
  { dispatch, notify, signedIn }: WishlistChangeContext,
  choices: readonly SavedChoice[],
  named: string,
  quiet: boolean,
) {
  for (const choice of choices) dispatch(signedIn ? removedFromAccount(choice) : removedByGuest(choice));
  try {
    for (const choice of signedIn ? choices : []) {
      // Not there any more (taken off in another tab) is what was asked.
      await dispatch(wishlistApi.endpoints.removeFromWishlist.initiate(choice))
        .unwrap()
        .catch((error: unknown) => {
          if (apiErrorStatus(error) !== 404) throw error;
        });
    }
    if (!quiet) notify(`${named} was removed from your wishlist.`, 'info');
  } catch (error) {
    for (const choice of choices) dispatch(savedToAccount(choice));
    notify(apiErrorMessage(error) ?? `${named} could not be removed. Please try again.`, 'error');
  }
}
