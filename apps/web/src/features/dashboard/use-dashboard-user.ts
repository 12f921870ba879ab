import type { User } from '@shop/contract/users';
import { useCurrentUser } from '../auth/use-current-user';

/** The logged-in user of a dashboard page; the dashboard layout renders no page without one. */
export function useDashboardUser(): User {
  const user = useCurrentUser();
  if (!user) throw new Error('A dashboard page rendered outside the dashboard layout');
  return user;
}
