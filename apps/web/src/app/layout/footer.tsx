import { SHOP_ADDRESS_LINES, SHOP_NAME } from '@shop/contract/constants';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { ItemList } from '../../ui/item-list';

const COMPANY = [
  { label: 'Home', href: paths.home.href() },
  { label: 'About Us', href: paths.company.about.href() },
  { label: 'Work With Us', href: paths.company.work.href() },
  { label: 'Our Blog', href: paths.company.blog.href() },
];
const USEFUL = [
  { label: 'Shop', href: paths.shop.href() },
  { label: 'Search', href: paths.search.href() },
  { label: 'Track Your Order', href: paths.dashboard.orders.href() },
  { label: 'Dresses', href: paths.category.href('dress') },
  { label: 'Jewellery', href: paths.category.href('jewellery') },
];
const LOOKS = [1, 2, 3, 4, 5, 6];

function Column({ title, links }: { title: string; links: { label: string; href: string }[] }) {
  return (
    <div>
      <h2 className="text-xs font-medium tracking-[0.2em] text-ivory/70 uppercase">{title}</h2>
      <ItemList items={links} itemKey={(link) => link.label} className="mt-5 space-y-3 text-sm">
        {(link) => (
          <Link to={link.href} className="text-ivory/90 transition-colors hover:text-white hover:underline">
            {link.label}
          </Link>
        )}
      </ItemList>
    </div>
  );
}

/** The shop's footer: contact info, company links, useful links and a strip of images. */
export function Footer() {
  return (
    <footer className="mt-8 bg-ink text-ivory">
      <div className="container-page grid grid-cols-2 gap-x-6 gap-y-12 py-16 lg:grid-cols-[1.3fr_1fr_1fr_1.4fr]">
        <div className="col-span-2 lg:col-span-1">
          <p className="font-display text-3xl">
            {SHOP_NAME}
            <span className="text-clay-soft">.</span>
          </p>
          <h2 className="sr-only">Contact info</h2>
          <address className="mt-5 space-y-2 text-sm text-ivory/80 not-italic">
            <p>{SHOP_ADDRESS_LINES.slice(0, 2).join(', ')}</p>
            <p>
              <a href="mailto:hello@lebaba.shop" className="hover:text-white hover:underline">
                hello@lebaba.shop
              </a>
            </p>
            <p>
              <a href="tel:+15035550123" className="hover:text-white hover:underline">
                +1 (503) 555-0123
              </a>
            </p>
          </address>
        </div>
        <Column title="Company" links={COMPANY} />
        <Column title="Useful links" links={USEFUL} />
        <div className="col-span-2 lg:col-span-1">
          <h2 className="text-xs font-medium tracking-[0.2em] text-ivory/70 uppercase">Seen on Instagram</h2>
          <ul className="mt-5 grid grid-cols-3 gap-2">
            {LOOKS.map((n) => (
              <li key={n}>
                <img
                  src={`/images/look-${n}.svg`}
                  alt=""
                  width={400}
                  height={400}
                  loading="lazy"
                  className="aspect-square w-full rounded-lg object-cover"
                />
              </li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-ivory/10">
        <div className="container-page space-y-2 py-6 text-xs text-ivory/70">
          <p>
            <span className="font-medium text-ivory/90">Privacy.</span> We keep the e-mail you give for a guest order
            with that order, to send its confirmation and updates. The e-mail you give to hear when a sold-out size is
            back is kept only until we tell you or you unsubscribe (a week at most if you never confirm it), then
            deleted.
          </p>
          <p>
            © {new Date().getFullYear()} {SHOP_NAME}. All rights reserved.
          </p>
        </div>
      </div>
    </footer>
  );
}
