import { matchPath, Route, Routes } from 'react-router';
import { paths } from '../../config/paths';
import { type LazyPage, lazyPage } from '../../lib/lazy-page';
import { NotFoundPage } from '../../ui/not-found-page';
import { RequireAdmin } from './require-admin';

const p = paths.dashboard;

/** The dashboard's own pages are matched below /dashboard, so their paths lose that prefix here. */
const below = (path: string) => path.slice(p.root.path.length + 1);

/**
 * The children of /dashboard. Each page is its own chunk, so a customer never downloads
 * the admin screens and the storefront never downloads Chart.js.
 */
const CUSTOMER_PAGES: ReadonlyArray<{ path: string; page: LazyPage }> = [
  {
    path: p.orders.path,
    page: lazyPage(async () => (await import('../../features/account/user-orders-page')).UserOrdersPage),
  },
  {
    path: p.payments.path,
    page: lazyPage(async () => (await import('../../features/account/user-payments-page')).UserPaymentsPage),
  },
  {
    path: p.profile.path,
    page: lazyPage(async () => (await import('../../features/account/profile-page')).ProfilePage),
  },
  {
    path: p.reviews.path,
    page: lazyPage(async () => (await import('../../features/account/user-reviews-page')).UserReviewsPage),
  },
  {
    path: p.security.path,
    page: lazyPage(async () => (await import('../../features/account/security-page')).SecurityPage),
  },
];
const ADMIN_PAGES: ReadonlyArray<{ path: string; page: LazyPage }> = [
  {
    path: p.admin.path,
    page: lazyPage(async () => (await import('../../features/insight/admin-dashboard-page')).AdminDashboardPage),
  },
  {
    path: p.insight.path,
    page: lazyPage(async () => (await import('../../features/insight/insight-page')).InsightPage),
  },
  {
    path: p.addProduct.path,
    page: lazyPage(async () => (await import('../../features/catalogue/add-product-page')).AddProductPage),
  },
  {
    path: p.manageProducts.path,
    page: lazyPage(async () => (await import('../../features/catalogue/manage-products-page')).ManageProductsPage),
  },
  {
    path: p.updateProduct.path,
    page: lazyPage(async () => (await import('../../features/catalogue/update-product-page')).UpdateProductPage),
  },
  { path: p.users.path, page: lazyPage(async () => (await import('../../features/users/users-page')).UsersPage) },
  {
    path: p.manageOrders.path,
    page: lazyPage(async () => (await import('../../features/orders/manage-orders-page')).ManageOrdersPage),
  },
  {
    path: p.discountCodes.path,
    page: lazyPage(async () => (await import('../../features/discounts/discount-codes-page')).DiscountCodesPage),
  },
  {
    path: p.newDiscountCode.path,
    page: lazyPage(async () => (await import('../../features/discounts/new-discount-code-page')).NewDiscountCodePage),
  },
  {
    path: p.editDiscountCode.path,
    page: lazyPage(async () => (await import('../../features/discounts/edit-discount-code-page')).EditDiscountCodePage),
  },
  {
    path: p.sentEmails.path,
    page: lazyPage(async () => (await import('../../features/mail/sent-emails-page')).SentEmailsPage),
  },
  {
    path: p.returns.path,
    page: lazyPage(async () => (await import('../../features/returns/returns-page')).ReturnsPage),
  },
  {
    path: p.return.path,
    page: lazyPage(async () => (await import('../../features/returns/return-page')).ReturnPage),
  },
  {
    path: p.auditLog.path,
    page: lazyPage(async () => (await import('../../features/audit/audit-log-page')).AuditLogPage),
  },
];
const home = lazyPage(async () => (await import('../../features/account/user-dashboard-page')).UserDashboardPage);

export function DashboardRoutes() {
  return (
    <Routes>
      <Route index element={<home.Page />} />
      {CUSTOMER_PAGES.map(({ path, page: { Page } }) => (
        <Route key={path} path={below(path)} element={<Page />} />
      ))}
      <Route element={<RequireAdmin />}>
        {ADMIN_PAGES.map(({ path, page: { Page } }) => (
          <Route key={path} path={below(path)} element={<Page />} />
        ))}
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

/** The code of the dashboard page at `pathname`, fetched before the app first renders. */
export function preloadDashboardPage(pathname: string): Promise<unknown> {
  if (matchPath(p.root.path, pathname)) return home.preload();
  const page = [...CUSTOMER_PAGES, ...ADMIN_PAGES].find(({ path }) => matchPath(path, pathname))?.page;
  return page?.preload() ?? Promise.resolve();
}
