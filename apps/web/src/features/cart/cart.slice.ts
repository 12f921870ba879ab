import { type Color, MAX_CART_LINE_QUANTITY, MAX_CART_LINES, TAX_RATE } from '@shop/contract/constants';
import { cartTotals } from '@shop/contract/money';
import type { Product } from '@shop/contract/products';
import type { SizeLabel } from '@shop/contract/sizes';
import type { UnknownAction } from 'redux';
import { actionCreator } from '../../lib/actions';

/**
 * A cart item copies the product's fields and adds a quantity. With sizes, a line is one
 * product in one size: it carries the size and its SKU, and how many were available when it was added.
 * With colours, a line is one product in one colour and size: it carries the colour, whose picture and
 * price it shows.
 */
export type CartProduct = Pick<Product, '_id' | 'name' | 'price' | 'image'> &
  Partial<Omit<Product, 'quantity'>> & {
    /** The colour's key; absent for a product of one colour, as the cart had no colours before. */
    colour?: Color;
    /** The colour's name as the product page showed it. */
    colourName?: string;
    /** Absent for a one-size product, as the original cart had no sizes. */
    size?: SizeLabel;
    sku?: string;
    /** How many could be bought when it was added; the quantity never goes past it. */
    available?: number;
  };
export type CartItem = CartProduct & { quantity: number };

/** A line is a product in a colour and a size: the same dress in S and in M, or in red and in black, are two lines. */
export function cartLineKey(item: Pick<CartProduct, '_id' | 'size' | 'colour'>): string {
  if (item.colour) return `${item._id}|${item.colour}|${item.size ?? ''}`;
  return item.size ? `${item._id}|${item.size}` : item._id;
}

/** The most of this line the cart takes: what was available, and never past one order's limit. */
export function maxQuantityOf(item: Pick<CartProduct, 'available'>): number {
  return Math.min(MAX_CART_LINE_QUANTITY, item.available ?? MAX_CART_LINE_QUANTITY);
}

export interface CartState {
  products: CartItem[];
  selectedItems: number;
  totalPrice: number;
  tax: number;
  taxRate: number;
  grandTotal: number;
}

export function cartStateOf(products: CartItem[]): CartState {
  return { products, ...cartTotals(products), taxRate: TAX_RATE };
}

export const emptyCart: CartState = cartStateOf([]);

export type AddToCartOutcome = 'added' | 'already-in-cart' | 'cart-full';

/** What adding this line would do, so the screen can say why nothing changed. */
export function addToCartOutcome(state: CartState, lineKey: string): AddToCartOutcome {
  if (state.products.some((p) => cartLineKey(p) === lineKey)) return 'already-in-cart';
  if (state.products.length >= MAX_CART_LINES) return 'cart-full';
  return 'added';
}

export const addToCart = actionCreator<CartProduct>('cart/addToCart');
export const increaseQuantity = actionCreator<string>('cart/increaseQuantity');
export const decreaseQuantity = actionCreator<string>('cart/decreaseQuantity');
export const removeFromCart = actionCreator<string>('cart/removeFromCart');
export const clearCart = actionCreator('cart/clearCart');
/** What the server said is left of lines it could not hold at checkout: fewer, or gone when none is left. */
export const limitToAvailable =
  actionCreator<readonly { productId: string; size: string; colour?: Color; available: number }[]>(
    'cart/limitToAvailable',
  );

/** The cart with one line's quantity moved by `step`, or the same cart when the line may not move. */
function withQuantity(state: CartState, lineKey: string, step: 1 | -1): CartState {
  const item = state.products.find((p) => cartLineKey(p) === lineKey);
  if (!item) return state;
  const quantity = item.quantity + step;
  // Never below 1 (removing is a separate action), nor past what is available.
  if (quantity < 1 || quantity > maxQuantityOf(item)) return state;
  return cartStateOf(state.products.map((p) => (p === item ? { ...p, quantity } : p)));
}

/**
 * A line the server's short list names: by colour (when both name one; a line without a colour is of the
 * product's first) and size, or the product's only line when it has no size.
 */
function shortOf<T extends { productId: string; size: string; colour?: Color }>(
  item: CartItem,
  short: readonly T[],
): T | undefined {
  return short.find(
    (s) =>
      s.productId === item._id &&
      (s.colour === undefined || item.colour === undefined || s.colour === item.colour) &&
      (item.size === undefined || s.size === item.size),
  );
}

/**
 * The cart slice as a plain reducer: createSlice would bring Redux Toolkit with Immer into every
 * page's first script (docs/decisions/006). Every change builds the next cart with `cartStateOf`,
 * which recomputes the totals; a change that changes nothing returns the same state.
 */
export function cartReducer(state: CartState = emptyCart, action: UnknownAction): CartState {
  if (addToCart.match(action)) {
    // A line already in the cart is not added again and its quantity does not change: each line once.
    if (addToCartOutcome(state, cartLineKey(action.payload)) !== 'added') return state;
    return cartStateOf([...state.products, { ...action.payload, quantity: 1 }]);
  }
  if (limitToAvailable.match(action)) {
    const next = state.products.flatMap((item) => {
      const short = shortOf(item, action.payload);
      if (!short) return [item];
      return short.available > 0
        ? [{ ...item, available: short.available, quantity: Math.min(item.quantity, short.available) }]
        : [];
    });
    return cartStateOf(next);
  }
  if (increaseQuantity.match(action)) return withQuantity(state, action.payload, 1);
  if (decreaseQuantity.match(action)) return withQuantity(state, action.payload, -1);
  if (removeFromCart.match(action)) return cartStateOf(state.products.filter((p) => cartLineKey(p) !== action.payload));
  if (clearCart.match(action)) return cartStateOf([]);
  return state;
}

export const cartSlice = { reducerPath: 'cart', reducer: cartReducer } as const;

/** The store's state as this feature reads it: typed by the slice, not by the whole state that app/ composes. */
export type StateWithCart = { [cartSlice.reducerPath]: CartState };
