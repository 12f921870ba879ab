import { describe, expect, it } from 'vitest';
import { logout } from '../../lib/session-actions';
import { memoryStorage } from '../../test/memory-storage';
import {
  accountListRead,
  emptyWishlist,
  guestListJoined,
  removedByGuest,
  removedFromAccount,
  savedByGuest,
  savedChoicesOf,
  savedToAccount,
  wishlistReducer,
} from './wishlist.slice';
import { loadGuestWishlist, saveGuestWishlist, WISHLIST_STORAGE_KEY } from './wishlist.storage';

const DRESS = '6f1c1f7e-2b8a-4c1e-9a57-3c1d2e4f5a6b';
const SCARF = '0b9d7f43-1e2a-4a6c-8d5e-7f6a5b4c3d2e';
const inM = { productId: DRESS, colour: 'red', size: 'M' } as const;
const scarf = { productId: SCARF, colour: null, size: null };

describe('the wishlist slice', () => {
  it("keeps a guest's choices newest first, each once, and takes one off", () => {
    let state = wishlistReducer(emptyWishlist, savedByGuest(scarf));
    state = wishlistReducer(state, savedByGuest(inM));
    state = wishlistReducer(state, savedByGuest(scarf));
    expect(state.guest).toEqual([scarf, inM]);
    state = wishlistReducer(state, removedByGuest({ ...inM }));
    expect(state.guest).toEqual([scarf]);
  });

  it("shows a customer the account's list, never the guest's, and forgets it at logout", () => {
    let state = wishlistReducer(emptyWishlist, savedByGuest(scarf));
    state = wishlistReducer(state, accountListRead([inM]));
    const root = () => ({ wishlist: state });
    expect(savedChoicesOf(root(), true)).toEqual([inM]);
    expect(savedChoicesOf(root(), false)).toEqual([scarf]);
    state = wishlistReducer(state, savedToAccount(scarf));
    state = wishlistReducer(state, removedFromAccount(inM));
    expect(savedChoicesOf(root(), true)).toEqual([scarf]);
    state = wishlistReducer(wishlistReducer(state, guestListJoined()), logout());
    expect(state).toEqual(emptyWishlist);
  });

  it('returns the same state for an action that changes nothing', () => {
    expect(wishlistReducer(emptyWishlist, logout())).toBe(emptyWishlist);
    expect(wishlistReducer(emptyWishlist, { type: 'cart/clearCart' })).toBe(emptyWishlist);
  });
});

describe("a guest's wishlist in local storage", () => {
  it('is read back as saved, and removed from storage once empty', () => {
    const storage = memoryStorage();
    saveGuestWishlist(storage, [scarf, inM]);
    expect(loadGuestWishlist(storage)).toEqual([scarf, inM]);
    saveGuestWishlist(storage, []);
    expect(storage.getItem(WISHLIST_STORAGE_KEY)).toBeNull();
    expect(loadGuestWishlist(storage)).toEqual([]);
  });

  it('ignores what is not a saved choice, and keeps each once', () => {
    const stored = [scarf, scarf, { productId: 'dress', colour: null, size: null }, { ...inM, colour: 'purple' }, inM];
    expect(loadGuestWishlist(memoryStorage({ [WISHLIST_STORAGE_KEY]: JSON.stringify(stored) }))).toEqual([scarf, inM]);
    expect(loadGuestWishlist(memoryStorage({ [WISHLIST_STORAGE_KEY]: '{not json' }))).toEqual([]);
  });
});
