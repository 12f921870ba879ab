import { lazy, Suspense, useEffect, useState } from 'react';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { useSessionCheck } from '../../features/auth/use-session-check';
import { Footer } from './footer';
import { Navbar } from './navbar';

const loadCartDrawer = () => import('./cart-drawer');
const CartDrawer = lazy(async () => ({ default: (await loadCartDrawer()).CartDrawer }));

/** The shell around every storefront page (SPEC.md 2: the main layout at /). */
export function MainLayout() {
  const [cartOpen, setCartOpen] = useState(false);
  // The cart panel and checkout are not needed to show the first page: fetched once the page is idle.
  const [cartWanted, setCartWanted] = useState(false);
  const navigation = useNavigation();
  useSessionCheck();
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((cb: () => void) => window.setTimeout(cb, 1500));
    idle(() => void loadCartDrawer());
  }, []);

  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-full bg-ink px-5 py-3 text-sm text-ivory focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to content
      </a>
      {navigation.state === 'loading' && (
        <div role="progressbar" aria-label="Loading page" className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden">
          <div className="h-full w-1/3 animate-[loading_1s_ease-in-out_infinite] bg-clay" />
        </div>
      )}
      <Navbar
        onOpenCart={() => {
          setCartWanted(true);
          setCartOpen(true);
        }}
      />
      <main id="main" className="flex-1">
        <Outlet />
      </main>
      <Footer />
      {cartWanted && (
        <Suspense fallback={null}>
          <CartDrawer open={cartOpen} onClose={() => setCartOpen(false)} />
        </Suspense>
      )}
      <ScrollRestoration />
    </div>
  );
}
