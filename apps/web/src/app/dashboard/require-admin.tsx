import { Navigate, Outlet } from 'react-router';
import { paths } from '../../config/paths';
import { useGetTwoFactorStatusQuery } from '../../features/account/two-factor.api';
import { useCurrentUser } from '../../features/auth/use-current-user';
import { TableSkeleton } from '../../ui/dashboard-kit/table-frame';
import { ACCESS_RESTRICTED } from './access-alerts';
import { useRefuseAccess } from './use-refuse-access';

/**
 * Every admin page requires role admin in the web app too. The server refuses the calls
 * anyway; this keeps a customer from seeing an admin screen fail piece by piece. With ADMIN_REQUIRE_2FA
 * an admin without a second factor is taken to the Security page to turn it on first.
 */
export function RequireAdmin() {
  const user = useCurrentUser();
  const allowed = user?.role === 'admin';
  // The dashboard layout handles a missing user with its own alert.
  useRefuseAccess(user && !allowed ? ACCESS_RESTRICTED : null);
  const twoFactor = useGetTwoFactorStatusQuery(undefined, { skip: !allowed });
  if (!allowed) return null;
  if (twoFactor.isLoading) return <TableSkeleton label="Loading" />;
  if (twoFactor.data?.required && !twoFactor.data.enabled) {
    // The Security page says why, from the same status.
    return <Navigate to={paths.dashboard.security.href()} replace />;
  }
  // Were the status not readable, the server still refuses what it must.
  return <Outlet />;
}
