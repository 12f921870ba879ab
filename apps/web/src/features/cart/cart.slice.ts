import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
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

function recompute(state: CartState): void {
  Object.assign(state, cartTotals(state.products));
}

export const cartSlice = createSlice({
  name: 'cart',
  initialState: emptyCart,
  reducers: {
    /** SPEC.md 4: a product already in the cart is not added again and its quantity does not change. */
    addToCart(state, action: PayloadAction<CartProduct>) {
      if (addToCartOutcome(state, action.payload._id) !== 'added') return;
      state.products.push({ ...action.payload, quantity: 1 });
      recompute(state);
    },
    increaseQuantity(state, action: PayloadAction<string>) {
      const item = state.products.find((p) => p._id === action.payload);
      if (!item || item.quantity >= MAX_CART_LINE_QUANTITY) return;
      item.quantity += 1;
      recompute(state);
    },
    /** SPEC.md 4: never below 1; removing is a separate action. */
    decreaseQuantity(state, action: PayloadAction<string>) {
      const item = state.products.find((p) => p._id === action.payload);
      if (!item || item.quantity <= 1) return;
      item.quantity -= 1;
      recompute(state);
    },
    removeFromCart(state, action: PayloadAction<string>) {
      state.products = state.products.filter((p) => p._id !== action.payload);
      recompute(state);
    },
    clearCart() {
      return cartStateOf([]);
    },
  },
});

export const { addToCart, increaseQuantity, decreaseQuantity, removeFromCart, clearCart } = cartSlice.actions;
export const cartReducer = cartSlice.reducer;
