import { MAX_CART_LINE_QUANTITY, MAX_CART_LINES } from '@shop/contract/constants';
import { type CartItem, type CartState, cartStateOf, emptyCart } from './cart.slice';

/** The cart survives a reload (issue 4); only the items are stored, totals are always recomputed. */
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
    Number.isInteger(v.quantity)
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
      if (!isCartItem(item) || seen.has(item._id) || products.length >= MAX_CART_LINES) continue;
      seen.add(item._id);
      products.push({ ...item, quantity: Math.min(Math.max(item.quantity, 1), MAX_CART_LINE_QUANTITY) });
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
