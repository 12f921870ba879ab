import { useAddToCart } from '../../features/cart/use-add-to-cart';
import { TrendingProducts } from '../../features/catalogue/trending-products';
import { BlogCards } from '../../features/home/blog-cards';
import { DealsCountdown } from '../../features/home/deals-countdown';
import { ServiceBanner } from '../../features/home/service-banner';

/** The home page below its first screens: loaded after them, with the API client trending products need. */
export function HomeMore() {
  const addToCart = useAddToCart();
  return (
    <>
      <TrendingProducts onAddToCart={addToCart} />
      <DealsCountdown />
      <ServiceBanner />
      <BlogCards />
    </>
  );
}
