import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { useCurrentUser } from '../../features/auth/use-current-user';
import { PageLoadingBar } from '../../ui/page-loading-bar';
import { ScreenSlot } from '../../ui/screen-slot';
import { SkipToContent } from '../../ui/skip-link';
import { useFirstScreenDone, whenEngaged } from '../../ui/when-idle';
import { Navbar } from './navbar';

const loadCartDrawer = () => import('./cart-drawer');
const CartDrawer = lazy(async () => ({ default: (await loadCartDrawer()).CartDrawer }));
// Below every page's content, so it need not be in the first page's script.
const Footer = lazy(async () => ({ default: (await import('./footer')).Footer }));
const SessionCheck = lazy(async () => ({ default: (await import('../../features/auth/session-check')).SessionCheck }));
// A customer's saved products (and a guest's list joining them at login), with the API client they need.
const WishlistSync = lazy(async () => ({
  default: (await import('../../features/wishlist/wishlist-sync')).WishlistSync,
}));

/** The shell around every storefront page: the top bar, the cart panel and the footer. */
export function MainLayout() {
  const [cartOpen, setCartOpen] = useState(false);
  // The cart panel and checkout are not needed to show the first page: fetched once the shopper does something.
  const [cartWanted, setCartWanted] = useState(false);
  const user = useCurrentUser();
  const firstScreenDone = useFirstScreenDone();
  useEffect(() => whenEngaged(() => void loadCartDrawer()), []);

  return (
    <div className="flex min-h-dvh flex-col">
      <SkipToContent />
      <PageLoadingBar />
      <Navbar
        onOpenCart={() => {
          setCartWanted(true);
          setCartOpen(true);
        }}
      />
      <main id="main" className="flex-1">
        <ScreenSlot>
          <Outlet />
        </ScreenSlot>
      </main>
      {firstScreenDone && (
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      )}
      {cartWanted && (
        <Suspense fallback={null}>
          <CartDrawer open={cartOpen} onClose={() => setCartOpen(false)} />
        </Suspense>
      )}
      {user && (
        <Suspense fallback={null}>
          <SessionCheck />
          {/* Keyed by the customer: whoever logs in next has their own list read. */}
          <WishlistSync key={user._id} />
        </Suspense>
      )}
    </div>
  );
}
