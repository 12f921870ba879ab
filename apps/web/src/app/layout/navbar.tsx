import { SHOP_NAME } from '@shop/contract/constants';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { useCurrentUser } from '../../features/auth/use-current-user';
import { useCart } from '../../features/cart/use-cart';
import { useWishlistCount } from '../../features/wishlist/use-wishlist-count';
import { HeartIcon } from '../../features/wishlist/wishlist-heart';
import { OutlineIcon } from '../../ui/icons';
import { ItemList } from '../../ui/item-list';

// Only signed-in shoppers see it, and its logout needs the API client: not in the first page's script.
const UserMenu = lazy(async () => ({ default: (await import('../../features/auth/user-menu')).UserMenu }));

const NAV = [
  { label: 'Home', href: paths.home.href(), end: true },
  { label: 'Shop', href: paths.shop.href(), end: false },
];

const iconButton =
  'relative grid size-10 place-items-center rounded-full text-ink transition-colors hover:bg-linen focus-visible:bg-linen';

function Icon({ d }: { d: string }) {
  return <OutlineIcon d={d} className="size-[1.35rem]" />;
}

/** Home and Shop, as the bar and the phone's menu each show them. */
function NavLinks({ listClass, linkClass }: { listClass: string; linkClass: (isActive: boolean) => string }) {
  return (
    <ItemList items={NAV} itemKey={(item) => item.href} className={listClass}>
      {(item) => (
        <NavLink to={item.href} end={item.end} className={({ isActive }) => linkClass(isActive)}>
          {item.label}
        </NavLink>
      )}
    </ItemList>
  );
}

/** Search, the wishlist and the cart with their counts, and login or the profile menu. */
function NavbarActions({ onOpenCart }: { onOpenCart: () => void }) {
  const user = useCurrentUser();
  const { selectedItems } = useCart();
  const wishlistCount = useWishlistCount(user !== null);
  return (
    <div className="ml-auto flex items-center gap-1 sm:gap-2">
      <Link to={paths.search.href()} aria-label="Search" className={iconButton}>
        <Icon d="M11 18a7 7 0 100-14 7 7 0 000 14zM20 20l-4-4" />
      </Link>
      <Link to={paths.wishlist.href()} aria-label={`Wishlist, ${wishlistCount} items`} className={iconButton}>
        <HeartIcon filled={false} className="size-[1.35rem]" />
        {wishlistCount > 0 && (
          <span
            aria-hidden="true"
            className="absolute -top-0.5 -right-0.5 grid h-5 min-w-5 place-items-center rounded-full bg-ink px-1 text-[0.65rem] font-semibold text-ivory tabular-nums"
          >
            {wishlistCount}
          </span>
        )}
      </Link>
      <button type="button" onClick={onOpenCart} aria-label={`Cart, ${selectedItems} items`} className={iconButton}>
        <Icon d="M6 8h12l-1 12H7L6 8zM9 8V6a3 3 0 016 0v2" />
        <span
          aria-hidden="true"
          className={`absolute -top-0.5 -right-0.5 grid h-5 min-w-5 place-items-center rounded-full px-1 text-[0.65rem] font-semibold tabular-nums ${selectedItems > 0 ? 'bg-clay text-white' : 'bg-sand text-ink'}`}
        >
          {selectedItems}
        </span>
      </button>
      {user ? (
        <div className="ml-1">
          <Suspense fallback={<span aria-hidden="true" className="block size-9 rounded-full bg-sand" />}>
            <UserMenu user={user} />
          </Suspense>
        </div>
      ) : (
        <Link to={paths.login.href()} aria-label="Login" className={iconButton}>
          <Icon d="M12 12a4 4 0 100-8 4 4 0 000 8zM4 20c1.5-3.5 4.5-5 8-5s6.5 1.5 8 5" />
        </Link>
      )}
    </div>
  );
}

/** The top bar: Home, Shop, search, the cart with its count, and login or, once logged in, the profile menu. */
export function Navbar({ onOpenCart }: { onOpenCart: () => void }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const { pathname } = useLocation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: the small-screen menu closes on every navigation
  useEffect(() => setMenuOpen(false), [pathname]);

  return (
    <header className="sticky top-0 z-30 border-b border-sand/80 bg-ivory/90 backdrop-blur-md">
      {/* One landmark for the bar and the phone's menu, so Home and Shop are in it on every screen. */}
      <nav aria-label="Main">
        <div className="container-page flex h-16 items-center gap-4 sm:h-20">
          <button
            type="button"
            aria-label="Menu"
            aria-expanded={menuOpen}
            aria-controls="mobile-menu"
            onClick={() => setMenuOpen((v) => !v)}
            className={`${iconButton} -ml-2 md:hidden`}
          >
            <Icon d={menuOpen ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h10'} />
          </button>

          <Link to={paths.home.href()} className="font-display text-2xl tracking-tight text-ink sm:text-[1.7rem]">
            {SHOP_NAME}
            <span className="text-clay">.</span>
          </Link>

          <NavLinks
            listClass="ml-10 hidden items-center gap-8 md:flex"
            linkClass={(isActive) =>
              `text-sm tracking-wide transition-colors hover:text-clay ${isActive ? 'text-ink underline decoration-clay decoration-2 underline-offset-8' : 'text-muted'}`
            }
          />
          <NavbarActions onOpenCart={onOpenCart} />
        </div>

        <div id="mobile-menu" hidden={!menuOpen} className="border-t border-sand bg-ivory md:hidden">
          <NavLinks
            listClass="container-page flex flex-col py-3"
            linkClass={(isActive) => `block py-3 font-display text-xl ${isActive ? 'text-clay' : 'text-ink'}`}
          />
        </div>
      </nav>
    </header>
  );
}
