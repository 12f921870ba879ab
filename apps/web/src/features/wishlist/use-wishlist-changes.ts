import type { SavedChoice } from '@shop/contract/wishlist-choice';
import { useCallback } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch } from '../../lib/hooks';
import { useToast } from '../../ui/toast';
import type { StateWithWishlist } from './wishlist.slice';

// What a tap does, and the API client it calls, are fetched at the first tap: not in any page's first script.
const loadChanges = () => import('./wishlist-changes');

/** Saving and removing, for a guest in this browser and for a customer on the account. */
export function useWishlistChanges(signedIn: boolean) {
  const dispatch = useAppDispatch();
  const store = useStore<StateWithWishlist>();
  const notify = useToast();
  const save = useCallback(
    async (choice: SavedChoice, named: string) => {
      const { saveChoice } = await loadChanges();
      await saveChoice({ dispatch, getState: store.getState, notify, signedIn }, choice, named);
    },
    [dispatch, store, notify, signedIn],
  );
  const remove = useCallback(
    async (choices: readonly SavedChoice[], named: string, { quiet = false } = {}) => {
      const { removeChoices } = await loadChanges();
      await removeChoices({ dispatch, getState: store.getState, notify, signedIn }, choices, named, quiet);
    },
    [dispatch, store, notify, signedIn],
  );
  return { save, remove };
}
