import { ROLES } from '@shop/contract/constants';
import { useCallback, useState } from 'react';
import { useStore } from 'react-redux';
import { Navigate } from 'react-router';
import { paths } from '../../config/paths';
import type { StateWithAuth } from '../../features/auth/auth.slice';
import { useCurrentUser } from '../../features/auth/use-current-user';
import { useLogout } from '../../features/auth/use-logout';
import { useSessionCheck } from '../../features/auth/use-session-check';
import { DashboardUserContext } from '../../ui/dashboard-kit/dashboard-user';
import { PageLoadingBar } from '../../ui/page-loading-bar';
import { ScreenSlot } from '../../ui/screen-slot';
import { SkipToContent } from '../../ui/skip-link';
import { ACCESS_DENIED } from './access-alerts';
import { DashboardRoutes } from './dashboard-routes';
import { DashboardSidebar } from './dashboard-sidebar';
import { useRefuseAccess } from './use-refuse-access';

/**
 * /dashboard, for logged-in users only. Arriving without a user gives Access Denied and
 * /login. A user who disappears while here (logged out, or the server ended the session) is sent on
 * without the alert: logging out goes home, an ended session goes to /login.
 */
export function DashboardLayout() {
  const user = useCurrentUser();
  const [arrivedLoggedIn] = useState(() => user !== null);
  const [leaving, setLeaving] = useState(false);
  const logout = useLogout();
  const store = useStore<StateWithAuth>();
  useSessionCheck();
  useRefuseAccess(arrivedLoggedIn ? null : ACCESS_DENIED);

  const onLogout = useCallback(() => {
    setLeaving(true);
    void logout().finally(() => {
      // Still logged in: the person changed their mind, or the call failed. Once logged out, the
      // flag stays up until the navigation home has unmounted this layout.
      if (store.getState().auth.user) setLeaving(false);
    });
  }, [logout, store]);

  if (!user || !ROLES.includes(user.role)) {
    if (!arrivedLoggedIn || leaving) return null;
    return <Navigate to={paths.login.href()} replace />;
  }

  return (
    <div className="min-h-dvh bg-ivory lg:grid lg:grid-cols-[16.5rem_minmax(0,1fr)]">
      <SkipToContent />
      <PageLoadingBar />
      <DashboardSidebar user={user} onLogout={onLogout} />
      <main id="main" className="min-w-0 px-5 py-8 sm:px-8 sm:py-10 lg:px-12 lg:py-12">
        <div className="mx-auto max-w-6xl">
          <DashboardUserContext value={user}>
            <ScreenSlot>
              <DashboardRoutes />
            </ScreenSlot>
          </DashboardUserContext>
        </div>
      </main>
    </div>
  );
}
