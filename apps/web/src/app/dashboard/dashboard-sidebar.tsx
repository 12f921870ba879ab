import { SHOP_NAME } from '@shop/contract/constants';
import type { User } from '@shop/contract/users';
import { useEffect, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { paths } from '../../config/paths';
import { MenuToggleIcon, OutlineIcon } from '../../ui/icons';
import { ItemList } from '../../ui/item-list';
import { DASHBOARD_LINKS, type DashboardLink } from './dashboard-nav';

function Icon({ d }: { d: string }) {
  return <OutlineIcon d={d} className="size-5 shrink-0" />;
}

/** The shop's clay focus ring is too faint on the dark sidebar; ivory keeps it plain to see. */
const onDark = 'focus-visible:outline-ivory';

interface DashboardSidebarProps {
  user: User;
  onLogout: () => void;
}

/** The dashboard's own pages; a link stays lit on the pages it leads to. */
function DashboardNav({ links, pathname }: { links: readonly DashboardLink[]; pathname: string }) {
  return (
    <nav aria-label="Dashboard">
      <ItemList items={links} itemKey={(link) => link.href} className="space-y-1">
        {(link) => (
          <NavLink
            to={link.href}
            // Exact paths only (/dashboard would match every page), plus the pages a link leads to.
            end
            className={({ isActive }) =>
              `${onDark} flex items-center gap-3 rounded-xl px-4 py-3 text-sm transition-colors ${
                isActive || (link.alsoActiveUnder && pathname.startsWith(link.alsoActiveUnder))
                  ? 'bg-ivory text-ink'
                  : 'text-ivory/85 hover:bg-ivory/10 hover:text-white'
              }`
            }
          >
            <Icon d={link.icon} />
            {link.label}
          </NavLink>
        )}
      </ItemList>
    </nav>
  );
}

/** Back to the shop, Logout, and whose session this is. */
function SidebarFooter({ user, onLogout }: DashboardSidebarProps) {
  return (
    <div className="mt-6 space-y-1 border-t border-ivory/10 pt-6 lg:mt-auto">
      <Link
        to={paths.shop.href()}
        className={`${onDark} flex items-center gap-3 rounded-xl px-4 py-3 text-sm text-ivory/85 hover:bg-ivory/10 hover:text-white`}
      >
        <Icon d="M15 6l-6 6 6 6" />
        Back to the shop
      </Link>
      <button
        type="button"
        onClick={onLogout}
        className={`${onDark} flex w-full items-center gap-3 rounded-xl px-4 py-3 text-left text-sm text-ivory/85 hover:bg-ivory/10 hover:text-white`}
      >
        <Icon d="M15 12H4m0 0l4-4m-4 4l4 4M13 5h5a2 2 0 012 2v10a2 2 0 01-2 2h-5" />
        Logout
      </button>
      <p className="truncate px-4 pt-4 text-xs text-ivory/70">
        Signed in as <span className="text-ivory">{user.username}</span>
      </p>
    </div>
  );
}

/** The admin's or the customer's links by role; on phones a bar whose menu folds open. */
export function DashboardSidebar({ user, onLogout }: DashboardSidebarProps) {
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();
  const links = DASHBOARD_LINKS[user.role];
  const area = user.role === 'admin' ? 'Admin dashboard' : 'My account';

  // biome-ignore lint/correctness/useExhaustiveDependencies: the phone menu folds away on every navigation
  useEffect(() => setOpen(false), [pathname]);

  return (
    <header className="bg-ink text-ivory">
      {/* The column stays dark the whole page down; its contents stay in view while the page scrolls. */}
      <div className="lg:sticky lg:top-0 lg:flex lg:h-dvh lg:flex-col lg:overflow-y-auto">
        <div className="flex h-16 items-center justify-between gap-4 px-5 sm:px-8 lg:h-auto lg:px-7 lg:pt-9 lg:pb-8">
          <div>
            <Link to={paths.home.href()} className={`${onDark} font-display text-2xl tracking-tight text-ivory`}>
              {SHOP_NAME}
              <span className="text-clay-soft">.</span>
            </Link>
            <p className="hidden text-[0.7rem] tracking-[0.22em] text-ivory/70 uppercase lg:mt-2 lg:block">{area}</p>
          </div>
          <button
            type="button"
            aria-expanded={open}
            aria-controls="dashboard-menu"
            onClick={() => setOpen((v) => !v)}
            className={`${onDark} inline-flex items-center gap-2 rounded-full border border-ivory/25 px-4 py-2 text-sm text-ivory hover:bg-ivory/10 lg:hidden`}
          >
            <MenuToggleIcon open={open} />
            Menu
          </button>
        </div>

        <div
          id="dashboard-menu"
          className={`${open ? 'flex' : 'hidden'} flex-col border-t border-ivory/10 px-3 pb-5 lg:flex lg:flex-1 lg:border-0 lg:px-4 lg:pb-8`}
        >
          <p className="px-4 pt-4 pb-2 text-[0.7rem] tracking-[0.22em] text-ivory/70 uppercase lg:hidden">{area}</p>
          <DashboardNav links={links} pathname={pathname} />
          <SidebarFooter user={user} onLogout={onLogout} />
        </div>
      </div>
    </header>
  );
}
