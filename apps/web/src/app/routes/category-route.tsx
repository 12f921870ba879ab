import { useAddToCart } from '../../features/cart/use-add-to-cart';
import { CategoryPage } from '../../features/catalogue/category-page';

/** /categories/{name}: the catalogue's products of one category with the cart's add button. */
export function CategoryRoute() {
  const addToCart = useAddToCart();
  return <CategoryPage onAddToCart={addToCart} />;
}
