import { type SavedChoice, savedChoiceKey } from '@shop/contract/wishlist-choice';
import type { UnknownAction } from 'redux';
import { actionCreator } from '../../lib/actions';
import { logout } from '../../lib/session-actions';

/**
 * Which products the hearts show saved. A guest's list is the browser's own (kept in local storage until
 * it joins an account at login); a customer's is the account's, read from the server once per visit and
 * changed here as the hearts are tapped. Only which products in which colour and size is kept: the
 * wishlist page reads names, prices and stock from the server.
 */
export interface WishlistState {
  guest: SavedChoice[];
  /** Null until read, and while nobody is logged in. */
  account: SavedChoice[] | null;
}

export type StateWithWishlist = { wishlist: WishlistState };

export const emptyWishlist: WishlistState = { guest: [], account: null };

export const savedByGuest = actionCreator<SavedChoice>('wishlist/savedByGuest');
export const removedByGuest = actionCreator<SavedChoice>('wishlist/removedByGuest');
export const guestListJoined = actionCreator('wishlist/guestListJoined');
export const accountListRead = actionCreator<SavedChoice[]>('wishlist/accountListRead');
export const savedToAccount = actionCreator<SavedChoice>('wishlist/savedToAccount');
export const removedFromAccount = actionCreator<SavedChoice>('wishlist/removedFromAccount');

/** The list with the choice first (the newest), once. */
function withChoice(list: readonly SavedChoice[], choice: SavedChoice): SavedChoice[] {
  const key = savedChoiceKey(choice);
  return [choice, ...list.filter((c) => savedChoiceKey(c) !== key)];
}

function withoutChoice(list: readonly SavedChoice[], choice: SavedChoice): SavedChoice[] {
  const key = savedChoiceKey(choice);
  return list.filter((c) => savedChoiceKey(c) !== key);
}

export function wishlistReducer(state: WishlistState = emptyWishlist, action: UnknownAction): WishlistState {
  if (savedByGuest.match(action)) return { ...state, guest: withChoice(state.guest, action.payload) };
  if (removedByGuest.match(action)) return { ...state, guest: withoutChoice(state.guest, action.payload) };
  if (guestListJoined.match(action)) return { ...state, guest: [] };
  if (accountListRead.match(action)) return { ...state, account: action.payload };
  if (savedToAccount.match(action)) return { ...state, account: withChoice(state.account ?? [], action.payload) };
  if (removedFromAccount.match(action)) {
    return { ...state, account: withoutChoice(state.account ?? [], action.payload) };
  }
  // A list read for one account is never shown to whoever logs in next.
  if (logout.match(action)) return state.account === null ? state : { ...state, account: null };
  return state;
}

export const wishlistSlice = { reducerPath: 'wishlist', reducer: wishlistReducer } as const;

/** The list the hearts show: the account's for a customer, the browser's for a guest. */
export const savedChoicesOf = (state: StateWithWishlist, signedIn: boolean): SavedChoice[] =>
  signedIn ? (state.wishlist.account ?? []) : state.wishlist.guest;
