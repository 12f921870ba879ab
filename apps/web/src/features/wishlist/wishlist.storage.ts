import { COLORS } from '@shop/contract/constants';
import { ALL_SIZES } from '@shop/contract/sizes';
import { type SavedChoice, savedChoiceKey, WISHLIST_MAX_ITEMS } from '@shop/contract/wishlist-choice';

/** A guest's wishlist survives a reload in this browser; it joins the account's at login. */
export const WISHLIST_STORAGE_KEY = 'wishlist';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function isSavedChoice(value: unknown): value is SavedChoice {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.productId === 'string' &&
    UUID.test(v.productId) &&
    (v.colour === null || (COLORS as readonly unknown[]).includes(v.colour)) &&
    (v.size === null || (ALL_SIZES as readonly unknown[]).includes(v.size))
  );
}

/** The guest's list as stored, each choice once; anything else in storage is ignored. */
export function loadGuestWishlist(storage: Pick<Storage, 'getItem'> | undefined): SavedChoice[] {
  try {
    const raw = storage?.getItem(WISHLIST_STORAGE_KEY);
    if (raw == null) return [];
    const parsed: unknown = JSON.parse(raw);
    const seen = new Set<string>();
    const list: SavedChoice[] = [];
    for (const item of Array.isArray(parsed) ? parsed : []) {
      if (!isSavedChoice(item) || seen.has(savedChoiceKey(item)) || list.length >= WISHLIST_MAX_ITEMS) continue;
      seen.add(savedChoiceKey(item));
      list.push({ productId: item.productId, colour: item.colour, size: item.size });
    }
    return list;
  } catch (error) {
    console.error('Could not read the wishlist from local storage', error);
    return [];
  }
}

export function saveGuestWishlist(storage: Pick<Storage, 'setItem' | 'removeItem'> | undefined, list: SavedChoice[]) {
  try {
    if (list.length === 0) storage?.removeItem(WISHLIST_STORAGE_KEY);
    else storage?.setItem(WISHLIST_STORAGE_KEY, JSON.stringify(list));
  } catch (error) {
    console.error('Could not save the wishlist to local storage', error);
  }
}
