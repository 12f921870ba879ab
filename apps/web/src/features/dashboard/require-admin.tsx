import { Outlet } from 'react-router';
import { useCurrentUser } from '../auth/use-current-user';
import { ACCESS_RESTRICTED } from './access-alerts';
import { useRefuseAccess } from './use-refuse-access';

/**
 * Every admin page requires role admin in the web app too (SPEC.md 6). The server refuses the calls
 * anyway; this keeps a customer from seeing an admin screen fail piece by piece.
 */
export function RequireAdmin() {
  const user = useCurrentUser();
  const allowed = user?.role === 'admin';
  // The dashboard layout handles a missing user with its own alert.
  useRefuseAccess(user && !allowed ? ACCESS_RESTRICTED : null);
  return allowed ? <Outlet /> : null;
}
