import { TrendingProducts } from '../../features/catalog/trending-products';
import { BlogCards } from '../../features/home/blog-cards';
import { CategoryCards } from '../../features/home/category-cards';
import { DealsCountdown } from '../../features/home/deals-countdown';
import { Hero } from '../../features/home/hero';
import { PromoCards } from '../../features/home/promo-cards';
import { ServiceBanner } from '../../features/home/service-banner';
import { usePageMeta } from '../../ui/use-page-meta';

export function HomeRoute() {
  usePageMeta(
    'Dresses, accessories, jewellery & cosmetics',
    'Lebaba is a fashion boutique for dresses, accessories, jewellery and cosmetics: up to 40% off new arrivals, free shipping on every order.',
  );
  return (
    <>
      <Hero />
      <CategoryCards />
      <PromoCards />
      <TrendingProducts />
      <DealsCountdown />
      <ServiceBanner />
      <BlogCards />
    </>
  );
}
