import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { dashboardRoutes } from '../features/dashboard/dashboard-routes';
import { MainLayout } from './layout/main-layout';
import { HomeRoute } from './routes/home-route';
import { NotFoundPage } from './routes/not-found';
import { RouteError } from './routes/route-error';

/**
 * SPEC.md 2's route table. Home and the shell are in the first bundle; every other screen loads on
 * demand. A new route group (the dashboards) is one more entry here, with its own lazy layout.
 */
export const routes: RouteObject[] = [
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
        lazy: async () => ({ Component: (await import('../features/catalog/shop-page')).ShopPage }),
      },
      {
        path: paths.product.path,
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

export function createRouter() {
  return createBrowserRouter(routes);
}
