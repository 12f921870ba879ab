import { useEffect } from 'react';
import { matchPath, Route, Routes } from 'react-router';
import { paths } from '../config/paths';
import { type LazyPage, lazyPage } from '../lib/lazy-page';
import { NotFoundPage } from '../ui/not-found-page';
import { whenEngaged } from '../ui/when-idle';
import { appStore } from './app-store';
import { MainLayout } from './layout/main-layout';
import { HomeRoute } from './routes/home-route';
import type { AppStore } from './store';

/**
 * The web app's routes. Home and the shell are in the first script; every other screen is a chunk
 * of its own. The dashboards are one more chunk with their own table (dashboard-routes.tsx), so the
 * storefront never downloads them.
 */
const storefront = {
  category: lazyPage(async () => (await import('./routes/category-route')).CategoryRoute),
  search: lazyPage(async () => (await import('./routes/search-route')).SearchRoute),
  shop: lazyPage(async () => (await import('./routes/shop-route')).ShopRoute),
  product: lazyPage(async () => (await import('./routes/product-route')).ProductRoute),
  success: lazyPage(async () => (await import('./routes/success-route')).SuccessRoute),
  order: lazyPage(async () => (await import('./routes/order-route')).OrderRoute),
  returnRequest: lazyPage(async () => (await import('../features/returns/return-request-page')).ReturnRequestPage),
  guestOrder: lazyPage(async () => (await import('../features/orders/order-page')).GuestOrderPage),
  wishlist: lazyPage(async () => (await import('./routes/wishlist-route')).WishlistRoute),
  backInStockLink: lazyPage(
    async () => (await import('../features/back-in-stock/back-in-stock-link-page')).BackInStockLinkPage,
  ),
};
const login = lazyPage(async () => (await import('../features/auth/login-page')).LoginPage);
const register = lazyPage(async () => (await import('../features/auth/register-page')).RegisterPage);
const forgotPassword = lazyPage(async () => (await import('../features/auth/forgot-password-page')).ForgotPasswordPage);
const confirmEmail = lazyPage(async () => (await import('../features/auth/confirm-email-page')).ConfirmEmailPage);
const resetPassword = lazyPage(async () => (await import('../features/auth/reset-password-page')).ResetPasswordPage);
const dashboard = lazyPage(async () => (await import('./dashboard/dashboard-layout')).DashboardLayout);

const DASHBOARD_PATH = `${paths.dashboard.root.path}/*`;

interface ScreenRoute {
  path: string;
  page: LazyPage;
  /**
   * The screen's loader: the data it shows first, fetched alongside its code before the first render,
   * in the browser over HTTP and on the server in process (entry-server.tsx).
   */
  prefetch?: (at: { params: Record<string, string | undefined>; search: string }, dispatch: Dispatch) => Promise<void>;
}

type Dispatch = AppStore['dispatch'];

let catalogueApiModule: Promise<typeof import('../features/catalogue/catalogue.api')> | undefined;
/**
 * The catalogue's API client, asked for once: on the server every `import()` is a trip through the
 * module loader (a message to its hooks' thread under tsx), which cost more than rendering the page did.
 */
const catalogueApi = () =>
  (catalogueApiModule ??= import('../features/catalogue/catalogue.api').catch((err: unknown) => {
    // A failed download is tried again by the next screen that needs it.
    catalogueApiModule = undefined;
    throw err;
  }));

let fitApiModule: Promise<typeof import('../features/fit/fit.api')> | undefined;
/** The fit note's API client, asked for once as the catalogue's is. */
const fitApi = () =>
  (fitApiModule ??= import('../features/fit/fit.api').catch((err: unknown) => {
    fitApiModule = undefined;
    throw err;
  }));

const STOREFRONT_ROUTES: readonly ScreenRoute[] = [
  {
    path: paths.category.path,
    page: storefront.category,
    prefetch: async ({ params }, dispatch) =>
      (await catalogueApi()).prefetchCategoryProducts(dispatch, params.categoryName),
  },
  {
    path: paths.search.path,
    page: storefront.search,
    prefetch: async ({ search }, dispatch) => (await catalogueApi()).prefetchSearchResults(dispatch, search),
  },
  {
    path: paths.shop.path,
    page: storefront.shop,
    prefetch: async ({ search }, dispatch) => (await catalogueApi()).prefetchShopProducts(dispatch, search),
  },
  {
    path: paths.product.path,
    page: storefront.product,
    // The fit note comes with the product, so the server-rendered page shows it too.
    prefetch: async ({ params }, dispatch) => {
      await Promise.all([
        catalogueApi().then((api) => api.prefetchProduct(dispatch, params.id ?? '')),
        fitApi().then((api) => api.prefetchProductFit(dispatch, params.id ?? '')),
      ]);
    },
  },
  { path: paths.success.path, page: storefront.success },
  { path: paths.order.path, page: storefront.order },
  { path: paths.returnRequest.path, page: storefront.returnRequest },
  { path: paths.guestOrder.path, page: storefront.guestOrder },
  { path: paths.wishlist.path, page: storefront.wishlist },
  { path: paths.backInStockConfirm.path, page: storefront.backInStockLink },
  { path: paths.backInStockUnsubscribe.path, page: storefront.backInStockLink },
];
const OUTSIDE_LAYOUT: readonly ScreenRoute[] = [
  { path: paths.login.path, page: login },
  { path: paths.register.path, page: register },
  { path: paths.forgotPassword.path, page: forgotPassword },
  { path: paths.resetPassword.path, page: resetPassword },
  { path: paths.confirmEmail.path, page: confirmEmail },
  { path: DASHBOARD_PATH, page: dashboard },
];

export function AppRoutes() {
  // Where shoppers go next from almost any page: their code is there before the click.
  useEffect(
    () =>
      whenEngaged(() => {
        void storefront.shop.preload().catch(() => {});
        void storefront.product.preload().catch(() => {});
      }),
    [],
  );

  return (
    <Routes>
      <Route path={paths.home.path} element={<MainLayout />}>
        <Route index element={<HomeRoute />} />
        {STOREFRONT_ROUTES.map(({ path, page: { Page } }) => (
          <Route key={path} path={path} element={<Page />} />
        ))}
        <Route path="*" element={<NotFoundPage />} />
      </Route>
      {OUTSIDE_LAYOUT.map(({ path, page: { Page } }) => (
        <Route key={path} path={path} element={<Page />} />
      ))}
    </Routes>
  );
}

/** Whether an address is one of the app's pages; any other gets the 404 page (and, from the server, a 404). */
export function isAppPage(pathname: string): boolean {
  return (
    matchPath(paths.home.path, pathname) !== null ||
    [...STOREFRONT_ROUTES, ...OUTSIDE_LAYOUT].some((route) => matchPath(route.path, pathname))
  );
}

/**
 * Fetches the code of the screen at this address (and of the dashboard page inside it) and the data it
 * shows first, before the app first renders: a first visit never shows an empty page for the moment
 * the code takes, and the catalogue's pages show their products and pictures in their first paint.
 * A failed download is left for the screen's own error to show. On the server the data goes to the
 * page's own store (`dispatch`); a page that came rendered needs only its code (`withData: false`).
 */
export async function preloadScreenAt(
  { pathname, search }: { pathname: string; search: string },
  { dispatch = appStore.dispatch, withData = true }: { dispatch?: Dispatch; withData?: boolean } = {},
): Promise<void> {
  for (const route of [...STOREFRONT_ROUTES, ...OUTSIDE_LAYOUT]) {
    const match = matchPath(route.path, pathname);
    if (!match) continue;
    try {
      await Promise.all([
        route.page.preload(),
        withData && route.prefetch?.({ params: match.params, search }, dispatch),
        route.page === dashboard &&
          import('./dashboard/dashboard-routes').then((m) => m.preloadDashboardPage(pathname)),
      ]);
    } catch {
      // The screen renders its error boundary instead.
    }
    return;
  }
}
