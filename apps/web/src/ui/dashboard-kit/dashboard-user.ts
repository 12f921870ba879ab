import type { User } from '@shop/contract/users';
import { createContext, useContext } from 'react';

/**
 * The logged-in user the dashboard layout hands to its pages. The layout owns the session and renders
 * no page without a user, so a page reads it here instead of reaching into the sign-in code.
 */
export const DashboardUserContext = createContext<User | null>(null);

/** The logged-in user of a dashboard page; the dashboard layout renders no page without one. */
export function useDashboardUser(): User {
  const user = useContext(DashboardUserContext);
  if (!user) throw new Error('A dashboard page rendered outside the dashboard layout');
  return user;
}
