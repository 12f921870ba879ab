import { PAGE_META } from '@shop/contract/seo';
import { lazy, Suspense } from 'react';
import { CategoryCards } from '../../features/home/category-cards';
import { Hero } from '../../features/home/hero';
import { PromoCards } from '../../features/home/promo-cards';
import { usePageMeta } from '../../ui/use-page-meta';
import { useFirstScreenDone } from '../../ui/when-idle';

const HomeMore = lazy(async () => ({ default: (await import('./home-more')).HomeMore }));

export function HomeRoute() {
  const firstScreenDone = useFirstScreenDone();
  usePageMeta(PAGE_META.home.title, PAGE_META.home.description);
  return (
    <>
      <Hero />
      <CategoryCards />
      <PromoCards />
      {/* Below the first screens on every device: a blank band until its code is here. */}
      <Suspense fallback={<div className="min-h-[40rem]" />}>
        {firstScreenDone ? <HomeMore /> : <div className="min-h-[40rem]" />}
      </Suspense>
    </>
  );
}
