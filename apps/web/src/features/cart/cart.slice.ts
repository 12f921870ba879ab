import type { UnknownAction } from 'redux';
import { actionCreator } from '../../app/actions';
import { MAX_CART_LINE_QUANTITY, MAX_CART_LINES, TAX_RATE } from '@shop/contract/constants';
import { cartTotals } from '@shop/contract/money';
import type { Product } from '@shop/contract/products';

/** SPEC.md 3: a cart item copies the product's fields and adds a quantity. */
export type CartProduct = Pick<Product, '_id' | 'name' | 'price' | 'image'> & Partial<Omit<Product, 'quantity'>>;
export type CartItem = CartProduct & { quantity: number };

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

/** What adding this product would do, so the screen can say why nothing changed. */
export function addToCartOutcome(state: CartState, productId: string): AddToCartOutcome {
  if (state.products.some((p) => p._id === productId)) return 'already-in-cart';
  if (state.products.length >= MAX_CART_LINES) return 'cart-full';
  return 'added';
}

export const addToCart = actionCreator<CartProduct>('cart/addToCart');
export const increaseQuantity = actionCreator<string>('cart/increaseQuantity');
export const decreaseQuantity = actionCreator<string>('cart/decreaseQuantity');
export const removeFromCart = actionCreator<string>('cart/removeFromCart');
export const clearCart = actionCreator('cart/clearCart');

/** The cart with one item's quantity moved by `step`, or the same cart when the item may not move. */
function withQuantity(state: CartState, productId: string, step: 1 | -1): CartState {
  const item = state.products.find((p) => p._id === productId);
  if (!item) return state;
  const quantity = item.quantity + step;
  // SPEC.md 4: never below 1 (removing is a separate action), and never past the order's limit.
  if (quantity < 1 || quantity > MAX_CART_LINE_QUANTITY) return state;
  return cartStateOf(state.products.map((p) => (p === item ? { ...p, quantity } : p)));
}

/**
 * The cart slice as a plain reducer: createSlice would bring Redux Toolkit with Immer into every
 * page's first script (docs/decisions/006). Every change builds the next cart with `cartStateOf`,
 * which recomputes the totals; a change that changes nothing returns the same state.
 */
export function cartReducer(state: CartState = emptyCart, action: UnknownAction): CartState {
  if (addToCart.match(action)) {
    // SPEC.md 4: a product already in the cart is not added again and its quantity does not change.
    if (addToCartOutcome(state, action.payload._id) !== 'added') return state;
    return cartStateOf([...state.products, { ...action.payload, quantity: 1 }]);
  }
  if (increaseQuantity.match(action)) return withQuantity(state, action.payload, 1);
  if (decreaseQuantity.match(action)) return withQuantity(state, action.payload, -1);
  if (removeFromCart.match(action)) return cartStateOf(state.products.filter((p) => p._id !== action.payload));
  if (clearCart.match(action)) return cartStateOf([]);
  return state;
}

export const cartSlice = { reducerPath: 'cart', reducer: cartReducer } as const;
