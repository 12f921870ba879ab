import { COLORS, MAX_CART_LINES } from '@shop/contract/constants';
import { ALL_SIZES } from '@shop/contract/sizes';
import { type CartItem, type CartState, cartLineKey, cartStateOf, emptyCart, maxQuantityOf } from './cart.slice';

/** The cart survives a reload; only the items are stored, so totals are always recomputed, never trusted. */
export const CART_STORAGE_KEY = 'cart';

function isCartItem(value: unknown): value is CartItem {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v._id === 'string' &&
    typeof v.name === 'string' &&
    typeof v.image === 'string' &&
    typeof v.price === 'number' &&
    Number.isFinite(v.price) &&
    v.price >= 0 &&
    Number.isInteger(v.quantity) &&
    (v.size === undefined || (ALL_SIZES as readonly unknown[]).includes(v.size)) &&
    (v.colour === undefined || (COLORS as readonly unknown[]).includes(v.colour)) &&
    (v.colourName === undefined || typeof v.colourName === 'string') &&
    (v.available === undefined || (Number.isInteger(v.available) && (v.available as number) > 0))
  );
}

export function loadCart(storage: Pick<Storage, 'getItem'> | undefined): CartState {
  try {
    const raw = storage?.getItem(CART_STORAGE_KEY);
    if (raw == null) return emptyCart;
    const parsed: unknown = JSON.parse(raw);
    const list: unknown[] = Array.isArray(parsed) ? parsed : [];
    const seen = new Set<string>();
    const products: CartItem[] = [];
    for (const item of list) {
      if (!isCartItem(item) || seen.has(cartLineKey(item)) || products.length >= MAX_CART_LINES) continue;
      seen.add(cartLineKey(item));
      products.push({ ...item, quantity: Math.min(Math.max(item.quantity, 1), maxQuantityOf(item)) });
    }
    return cartStateOf(products);
  } catch (error) {
    console.error('Could not read the cart from local storage', error);
    return emptyCart;
  }
}

export function saveCart(storage: Pick<Storage, 'setItem'> | undefined, cart: CartState): void {
  try {
    storage?.setItem(CART_STORAGE_KEY, JSON.stringify(cart.products));
  } catch (error) {
    console.error('Could not save the cart to local storage', error);
  }
}
