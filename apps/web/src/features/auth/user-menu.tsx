import type { User } from '@shop/contract/users';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { UserAvatar } from '../../ui/user-avatar';
import { useLogout } from './use-logout';

const ADMIN_LINKS = [
  { label: 'Dashboard', href: paths.dashboard.admin.href() },
  { label: 'Add Product', href: paths.dashboard.addProduct.href() },
  { label: 'Manage Product', href: paths.dashboard.manageProducts.href() },
  { label: 'All Orders', href: paths.dashboard.manageOrders.href() },
  { label: 'All Users', href: paths.dashboard.users.href() },
];
const USER_LINKS = [
  { label: 'Dashboard', href: paths.dashboard.root.href() },
  { label: 'Orders', href: paths.dashboard.orders.href() },
  { label: 'Payments', href: paths.dashboard.payments.href() },
  { label: 'Profile', href: paths.dashboard.profile.href() },
];

/** The profile-picture menu, with the admin's or the customer's links, ending with Logout. */
export function UserMenu({ user }: { user: User }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const logout = useLogout();
  const { pathname } = useLocation();
  const links = user.role === 'admin' ? ADMIN_LINKS : USER_LINKS;

  // biome-ignore lint/correctness/useExhaustiveDependencies: closes on every navigation
  useEffect(() => setOpen(false), [pathname]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div ref={rootRef} className="relative">
      <button
        type="button"
        aria-label={`Account menu for ${user.username}`}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((v) => !v)}
        className="rounded-full ring-offset-2 ring-offset-ivory hover:ring-2 hover:ring-sand"
      >
        <UserAvatar user={user} size={36} className="size-9" imageClassName="" letterClassName="text-sm font-medium" />
      </button>
      {open && (
        <div
          id={menuId}
          className="absolute right-0 z-40 mt-3 w-56 rounded-2xl border border-sand bg-white p-2 shadow-xl shadow-ink/5"
        >
          <p className="truncate px-3 pt-2 pb-3 text-xs text-muted">
            Signed in as <span className="font-medium text-ink">{user.username}</span>
          </p>
          <ul className="border-t border-sand pt-2">
            {links.map((link) => (
              <li key={link.href}>
                <Link to={link.href} className="block rounded-lg px-3 py-2 text-sm text-ink hover:bg-linen">
                  {link.label}
                </Link>
              </li>
            ))}
            <li className="mt-1 border-t border-sand pt-1">
              <button
                type="button"
                onClick={() => {
                  setOpen(false);
                  void logout();
                }}
                className="block w-full rounded-lg px-3 py-2 text-left text-sm text-stop hover:bg-linen"
              >
                Logout
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}
