import { SHIPPING_PROMISES } from '@shop/contract/shipping';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { buttonClass } from '../../ui/button';

export function Hero() {
  return (
    <section className="container-page grid items-center gap-10 pt-5 pb-12 md:grid-cols-[1.05fr_1fr] md:gap-16 md:pt-14 lg:pb-24">
      <div className="order-2 md:order-1">
        <p className="eyebrow">Up to 40% off new arrivals</p>
        <h1 className="mt-5 font-display text-[2.6rem] leading-[1.05] tracking-tight text-ink sm:text-6xl lg:text-7xl">
          Made to be worn, loved &amp; lived in.
        </h1>
        <p className="mt-6 max-w-md text-base leading-relaxed text-muted">
          Dresses, accessories, jewellery and cosmetics chosen for the way you really dress. New pieces every week.{' '}
          {SHIPPING_PROMISES.freeStandard}.
        </p>
        <div className="mt-9 flex flex-wrap items-center gap-4">
          <Link to={paths.shop.href()} className={buttonClass('primary')}>
            Explore Now
          </Link>
          <Link
            to={paths.category.href('dress')}
            className="text-sm font-medium text-ink underline decoration-taupe underline-offset-8 hover:decoration-clay"
          >
            Shop the dress edit
          </Link>
        </div>
      </div>
      <div className="order-1 md:order-2">
        <img
          src="/images/hero.svg"
          alt="A terracotta dress on a hanger, a straw hat and a black handbag in an arched alcove"
          width={1000}
          height={1100}
          fetchPriority="high"
          className="aspect-[10/11] w-full rounded-[2rem] object-cover"
        />
      </div>
    </section>
  );
}
