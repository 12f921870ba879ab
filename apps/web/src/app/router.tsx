import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { catalogApi } from '../features/catalog/catalog.api';
import { parseShopParams, toProductListParams } from '@shop/contract/shop-params';
import { dashboardRoutes } from '../features/dashboard/dashboard-routes';
import { MainLayout } from './layout/main-layout';
import { HomeRoute } from './routes/home-route';
import { NotFoundPage } from './routes/not-found';
import { RouteError } from './routes/route-error';
import type { AppStore } from './store';

/**
 * SPEC.md 2's route table. Home and the shell are in the first bundle; every other screen loads on
 * demand. A new route group (the dashboards) is one more entry here, with its own lazy layout.
 * Catalogue pages start their query while their code loads (never waiting for it: the page shows its
 * own loading state), so the answer is often there by the time the page first renders.
 */
export const createRoutes = (store: AppStore): RouteObject[] => [
  {
    path: paths.home.path,
    Component: MainLayout,
    ErrorBoundary: RouteError,
    // A first visit straight to a lazily loaded page shows the empty page for the moment its code takes.
    HydrateFallback: () => null,
    children: [
      { index: true, Component: HomeRoute },
      {
        path: paths.category.path,
        lazy: async () => ({ Component: (await import('../features/catalog/category-page')).CategoryPage }),
      },
      {
        path: paths.search.path,
        lazy: async () => ({ Component: (await import('../features/catalog/search-page')).SearchPage }),
      },
      {
        path: paths.shop.path,
        loader: ({ request }) => {
          const params = parseShopParams(new URL(request.url).searchParams);
          void store.dispatch(catalogApi.util.prefetch('getProducts', toProductListParams(params), {}));
          return null;
        },
        lazy: async () => ({ Component: (await import('../features/catalog/shop-page')).ShopPage }),
      },
      {
        path: paths.product.path,
        loader: ({ params }) => {
          if (params.id) void store.dispatch(catalogApi.util.prefetch('getProduct', params.id, {}));
          return null;
        },
        lazy: async () => ({ Component: (await import('./routes/product-route')).ProductRoute }),
      },
      {
        path: paths.success.path,
        lazy: async () => ({ Component: (await import('./routes/success-route')).SuccessRoute }),
      },
      {
        path: paths.order.path,
        lazy: async () => ({ Component: (await import('../features/orders/order-page')).OrderPage }),
      },
      { path: '*', Component: NotFoundPage },
    ],
  },
  {
    path: paths.login.path,
    ErrorBoundary: RouteError,
    HydrateFallback: () => null,
    lazy: async () => ({ Component: (await import('../features/auth/login-page')).LoginPage }),
  },
  {
    path: paths.register.path,
    ErrorBoundary: RouteError,
    HydrateFallback: () => null,
    lazy: async () => ({ Component: (await import('../features/auth/register-page')).RegisterPage }),
  },
  {
    path: paths.dashboard.root.path,
    ErrorBoundary: RouteError,
    HydrateFallback: () => null,
    lazy: async () => ({ Component: (await import('../features/dashboard/dashboard-layout')).DashboardLayout }),
    children: [...dashboardRoutes, { path: '*', Component: NotFoundPage }],
  },
];

export function createRouter(store: AppStore) {
  return createBrowserRouter(createRoutes(store));
}
