import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths';

const p = paths.dashboard;

/**
 * The children of /dashboard (SPEC.md 2). Each page is its own chunk, so a customer never downloads
 * the admin screens and the storefront never downloads Chart.js. The catch-all is added by the router.
 */
export const dashboardRoutes: RouteObject[] = [
  {
    index: true,
    lazy: async () => ({ Component: (await import('../account/user-dashboard-page')).UserDashboardPage }),
  },
  {
    path: p.orders.path,
    lazy: async () => ({ Component: (await import('../account/user-orders-page')).UserOrdersPage }),
  },
  {
    path: p.payments.path,
    lazy: async () => ({ Component: (await import('../account/user-payments-page')).UserPaymentsPage }),
  },
  {
    path: p.profile.path,
    lazy: async () => ({ Component: (await import('../account/profile-page')).ProfilePage }),
  },
  {
    path: p.reviews.path,
    lazy: async () => ({ Component: (await import('../account/user-reviews-page')).UserReviewsPage }),
  },
  {
    lazy: async () => ({ Component: (await import('./require-admin')).RequireAdmin }),
    children: [
      {
        path: p.admin.path,
        lazy: async () => ({ Component: (await import('../admin/admin-dashboard-page')).AdminDashboardPage }),
      },
      {
        path: p.addProduct.path,
        lazy: async () => ({ Component: (await import('../admin/add-product-page')).AddProductPage }),
      },
      {
        path: p.manageProducts.path,
        lazy: async () => ({ Component: (await import('../admin/manage-products-page')).ManageProductsPage }),
      },
      {
        path: p.updateProduct.path,
        lazy: async () => ({ Component: (await import('../admin/update-product-page')).UpdateProductPage }),
      },
      {
        path: p.users.path,
        lazy: async () => ({ Component: (await import('../admin/users-page')).UsersPage }),
      },
      {
        path: p.manageOrders.path,
        lazy: async () => ({ Component: (await import('../admin/manage-orders-page')).ManageOrdersPage }),
      },
    ],
  },
];
