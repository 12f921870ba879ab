import { MAX_CART_LINES } from '@shop/contract/constants';
import type { ProductVariant } from '@shop/contract/inventory';
import type { Product } from '@shop/contract/products';
import { ONE_SIZE, type SizeLabel } from '@shop/contract/sizes';
import { useCallback } from 'react';
import { useStore } from 'react-redux';
import { sendAddToCartBeacon } from '../../lib/activity-beacon';
import { useAppDispatch } from '../../lib/hooks';
import { useToast } from '../../ui/toast';
import { addToCart, addToCartOutcome, type CartProduct, cartLineKey, type StateWithCart } from './cart.slice';

/**
 * The line a product makes in a colour and size: the size and SKU travel with it (not for one size, as
 * before sizes), and so do the colour, its first picture and its price (not for one colour, as before
 * colours).
 */
export function cartLineOf(
  product: CartProduct & Partial<Pick<Product, 'variants' | 'colours'>>,
  variant?: ProductVariant,
): CartProduct {
  const chosen = variant ?? (product.variants?.length === 1 ? product.variants[0] : undefined);
  if (!chosen) return product;
  const colours = product.colours ?? [];
  const colour = colours.length > 1 ? colours.find((c) => c.color === chosen.colour) : undefined;
  return {
    ...product,
    ...(colour
      ? {
          colour: colour.color,
          colourName: colour.name,
          image: colour.pictures[0]?.url ?? product.image,
          price: colour.price ?? product.price,
        }
      : {}),
    ...(chosen.size === ONE_SIZE ? {} : { size: chosen.size as SizeLabel, sku: chosen.sku }),
    available: chosen.available,
  };
}

/** How the shopper is told of a line: its name, with its colour and size when it has them. */
export function cartLineName(line: Pick<CartProduct, 'name' | 'colourName' | 'size'>): string {
  const options = [line.colourName, line.size && `size ${line.size}`].filter(Boolean).join(', ');
  return options ? `${line.name} (${options})` : line.name;
}

/**
 * Add to cart from any screen. A line already in the cart changes nothing and the shopper is told so.
 * A size that is sold out is not added.
 */
export function useAddToCart() {
  const dispatch = useAppDispatch();
  const store = useStore<StateWithCart>();
  const notify = useToast();
  return useCallback(
    (product: CartProduct & Partial<Pick<Product, 'variants'>>, variant?: ProductVariant) => {
      if (!variant && (product.variants?.length ?? 0) > 1) {
        notify(`Choose a size for ${product.name} on its page.`, 'info');
        return;
      }
      const line = cartLineOf(product, variant);
      const named = cartLineName(line);
      if (line.available === 0) {
        notify(`${named} is sold out.`, 'info');
        return;
      }
      const outcome = addToCartOutcome(store.getState().cart, cartLineKey(line));
      if (outcome === 'already-in-cart') {
        notify(`${named} is already in your cart.`, 'info');
        return;
      }
      if (outcome === 'cart-full') {
        notify(`Your cart holds at most ${MAX_CART_LINES} different products.`, 'error');
        return;
      }
      dispatch(addToCart(line));
      sendAddToCartBeacon(product._id);
      notify(`${named} was added to your cart.`, 'success');
    },
    [dispatch, store, notify],
  );
}
