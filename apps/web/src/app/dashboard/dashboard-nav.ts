import type { Role } from '@shop/contract/constants';
import { paths } from '../../config/paths';

export interface DashboardLink {
  label: string;
  href: string;
  icon: string;
  /** Pages reached from this one, where its link stays lit (Update Product belongs to Manage Products). */
  alsoActiveUnder?: string;
}

const p = paths.dashboard;
const SECURITY_ICON = 'M12 3l7 3v5c0 4.5-3 8.2-7 10-4-1.8-7-5.5-7-10V6l7-3zm-3 9l2 2 4-4';

/** The customer's sidebar and the admin's sidebar, in the order they are shown. */
export const DASHBOARD_LINKS: Record<Role, DashboardLink[]> = {
  user: [
    { label: 'Dashboard', href: p.root.href(), icon: 'M4 13h6V4H4v9zm0 7h6v-5H4v5zm10 0h6v-9h-6v9zm0-16v5h6V4h-6z' },
    { label: 'Orders', href: p.orders.href(), icon: 'M6 8h12l-1 12H7L6 8zM9 8V6a3 3 0 016 0v2' },
    { label: 'Payments', href: p.payments.href(), icon: 'M3 7h18v10H3V7zm0 4h18M7 15h3' },
    {
      label: 'Profile',
      href: p.profile.href(),
      icon: 'M12 12a4 4 0 100-8 4 4 0 000 8zM4 20c1.5-3.5 4.5-5 8-5s6.5 1.5 8 5',
    },
    {
      label: 'Reviews',
      href: p.reviews.href(),
      icon: 'M12 4l2.4 4.9 5.4.8-3.9 3.8.9 5.4L12 16.4l-4.8 2.5.9-5.4-3.9-3.8 5.4-.8L12 4z',
    },
    { label: 'Security', href: p.security.href(), icon: SECURITY_ICON },
  ],
  admin: [
    { label: 'Dashboard', href: p.admin.href(), icon: 'M4 13h6V4H4v9zm0 7h6v-5H4v5zm10 0h6v-9h-6v9zm0-16v5h6V4h-6z' },
    { label: 'Sales Insight', href: p.insight.href(), icon: 'M4 20h16M7 16v-5m5 5V6m5 10v-8' },
    { label: 'Add Product', href: p.addProduct.href(), icon: 'M12 5v14M5 12h14' },
    {
      label: 'Manage Products',
      href: p.manageProducts.href(),
      alsoActiveUnder: p.updateProduct.href(''),
      icon: 'M4 6h16M4 12h16M4 18h10',
    },
    { label: 'Manage Orders', href: p.manageOrders.href(), icon: 'M6 8h12l-1 12H7L6 8zM9 8V6a3 3 0 016 0v2' },
    {
      label: 'Returns',
      href: p.returns.href(),
      // One return's page sits below the list.
      alsoActiveUnder: `${p.returns.href()}/`,
      icon: 'M9 14L4 9l5-5M4 9h11a5 5 0 010 10h-4',
    },
    {
      label: 'Discount Codes',
      href: p.discountCodes.href(),
      // The new and edit pages sit below the list.
      alsoActiveUnder: `${p.discountCodes.href()}/`,
      icon: 'M3 12V4h8l10 10-8 8L3 12zm4.5-4.5h.01M9 15l6-6',
    },
    {
      label: 'All Users',
      href: p.users.href(),
      icon: 'M9 11a3.5 3.5 0 100-7 3.5 3.5 0 000 7zM2.5 20c1-3.2 3.5-4.8 6.5-4.8s5.5 1.6 6.5 4.8M16 4.5a3.5 3.5 0 010 6.5M18 15.5c1.7.6 2.9 2 3.5 4.5',
    },
    { label: 'Sent e-mails', href: p.sentEmails.href(), icon: 'M3 6h18v12H3V6zm0 0l9 7 9-7' },
    { label: 'Audit log', href: p.auditLog.href(), icon: 'M7 3h8l4 4v14H7V3zm8 0v4h4M10 11h6M10 15h6M10 19h4' },
    { label: 'Security', href: p.security.href(), icon: SECURITY_ICON },
  ],
};
