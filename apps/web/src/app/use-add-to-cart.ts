import { MAX_CART_LINES } from '@shop/contract/constants';
import { useCallback } from 'react';
import { useStore } from 'react-redux';
import { addToCart, addToCartOutcome, type CartProduct } from '../features/cart/cart.slice';
import { useToast } from '../ui/toast';
import { useAppDispatch } from './hooks';
import type { RootState } from './store';

/**
 * Add to cart from any screen. SPEC.md 4: a product already in the cart changes nothing and the shopper
 * is told so.
 */
export function useAddToCart() {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const notify = useToast();
  return useCallback(
    (product: CartProduct) => {
      const outcome = addToCartOutcome(store.getState().cart, product._id);
      if (outcome === 'already-in-cart') {
        notify(`${product.name} is already in your cart.`, 'info');
        return;
      }
      if (outcome === 'cart-full') {
        notify(`Your cart holds at most ${MAX_CART_LINES} different products.`, 'error');
        return;
      }
      dispatch(addToCart(product));
      notify(`${product.name} was added to your cart.`, 'success');
    },
    [dispatch, store, notify],
  );
}
