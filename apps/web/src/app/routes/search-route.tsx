import { useAddToCart } from '../../features/cart/use-add-to-cart';
import { SearchPage } from '../../features/catalogue/search-page';

/** /search: the catalogue's search results with the cart's add button. */
export function SearchRoute() {
  const addToCart = useAddToCart();
  return <SearchPage onAddToCart={addToCart} />;
}
