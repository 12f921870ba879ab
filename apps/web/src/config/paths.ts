// From constants, not users: the first page's script must not carry zod (docs/decisions/006).
import {
  BACK_IN_STOCK_CONFIRM_PATH,
  BACK_IN_STOCK_UNSUBSCRIBE_PATH,
  EMAIL_CONFIRMATION_PATH,
  FORGOT_PASSWORD_PATH,
  GUEST_ORDER_PATH,
  PASSWORD_RESET_PATH,
} from '@shop/contract/constants';
import { storefrontPaths } from '@shop/contract/seo';

/**
 * Every route of the web app in one table: `path` is the router pattern, `href` builds a link.
 * Links are built from this table rather than typed, so a renamed route cannot leave one behind; add new
 * screens here first.
 */
export const paths = {
  // The public pages' links are the contract's: the server's sitemaps name the same addresses.
  home: { path: '/', href: storefrontPaths.home },
  category: { path: '/categories/:categoryName', href: storefrontPaths.category },
  search: { path: '/search', href: storefrontPaths.search },
  shop: { path: '/shop', href: storefrontPaths.shop },
  // With a colour, the product page opens in it; its canonical address stays the one without.
  product: {
    path: '/shop/:id',
    href: (id: string, colour?: string) =>
      colour ? `${storefrontPaths.product(id)}?colour=${encodeURIComponent(colour)}` : storefrontPaths.product(id),
  },
  success: { path: '/success', href: () => '/success' },
  wishlist: { path: '/wishlist', href: () => '/wishlist' },
  order: { path: '/orders/:orderId', href: (orderId: string) => `/orders/${encodeURIComponent(orderId)}` },
  returnRequest: {
    path: '/orders/:orderId/return',
    href: (orderId: string) => `/orders/${encodeURIComponent(orderId)}/return`,
  },
  guestOrder: { path: `${GUEST_ORDER_PATH}/:token`, href: (token: string) => `${GUEST_ORDER_PATH}/${token}` },
  confirmEmail: { path: EMAIL_CONFIRMATION_PATH, href: () => EMAIL_CONFIRMATION_PATH },
  login: { path: '/login', href: () => '/login' },
  // With an e-mail (after a guest's purchase), the form starts from it.
  register: {
    path: '/register',
    href: (email?: string) => (email ? `/register?email=${encodeURIComponent(email)}` : '/register'),
  },
  forgotPassword: { path: FORGOT_PASSWORD_PATH, href: () => FORGOT_PASSWORD_PATH },
  resetPassword: { path: PASSWORD_RESET_PATH, href: () => PASSWORD_RESET_PATH },
  backInStockConfirm: { path: BACK_IN_STOCK_CONFIRM_PATH, href: () => BACK_IN_STOCK_CONFIRM_PATH },
  backInStockUnsubscribe: { path: BACK_IN_STOCK_UNSUBSCRIBE_PATH, href: () => BACK_IN_STOCK_UNSUBSCRIBE_PATH },
  dashboard: {
    root: { path: '/dashboard', href: () => '/dashboard' },
    orders: { path: '/dashboard/orders', href: () => '/dashboard/orders' },
    payments: { path: '/dashboard/payments', href: () => '/dashboard/payments' },
    profile: { path: '/dashboard/profile', href: () => '/dashboard/profile' },
    reviews: { path: '/dashboard/reviews', href: () => '/dashboard/reviews' },
    admin: { path: '/dashboard/admin', href: () => '/dashboard/admin' },
    insight: { path: '/dashboard/insight', href: () => '/dashboard/insight' },
    addProduct: { path: '/dashboard/add-product', href: () => '/dashboard/add-product' },
    manageProducts: { path: '/dashboard/manage-products', href: () => '/dashboard/manage-products' },
    updateProduct: {
      path: '/dashboard/update-product/:id',
      href: (id: string) => `/dashboard/update-product/${encodeURIComponent(id)}`,
    },
    users: { path: '/dashboard/users', href: () => '/dashboard/users' },
    manageOrders: { path: '/dashboard/manage-orders', href: () => '/dashboard/manage-orders' },
    discountCodes: { path: '/dashboard/discount-codes', href: () => '/dashboard/discount-codes' },
    newDiscountCode: { path: '/dashboard/discount-codes/new', href: () => '/dashboard/discount-codes/new' },
    editDiscountCode: {
      path: '/dashboard/discount-codes/:id/edit',
      href: (id: string) => `/dashboard/discount-codes/${encodeURIComponent(id)}/edit`,
    },
    sentEmails: { path: '/dashboard/sent-emails', href: () => '/dashboard/sent-emails' },
    security: { path: '/dashboard/security', href: () => '/dashboard/security' },
    auditLog: { path: '/dashboard/audit-log', href: () => '/dashboard/audit-log' },
    returns: { path: '/dashboard/returns', href: () => '/dashboard/returns' },
    return: { path: '/dashboard/returns/:id', href: (id: string) => `/dashboard/returns/${encodeURIComponent(id)}` },
  },
  company: {
    about: { path: '/about', href: () => '/about' },
    work: { path: '/work', href: () => '/work' },
    blog: { path: '/blog', href: () => '/blog' },
  },
} as const;
