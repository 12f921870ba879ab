import { useAddToCart } from '../../features/cart/use-add-to-cart';
import { ShopPage } from '../../features/catalogue/shop-page';
import { useCancelledCheckoutNotice } from '../../features/checkout/use-cancelled-checkout-notice';

/** /shop: the catalogue's products with the cart's add button, and the checkout's word after a cancel. */
export function ShopRoute() {
  const addToCart = useAddToCart();
  useCancelledCheckoutNotice();
  return <ShopPage onAddToCart={addToCart} />;
}
