import type { AlertOptions } from '../../ui/alerts';

/** The two alerts of the dashboard's guards: no user, and a user without the role a page needs. */
export const ACCESS_DENIED: AlertOptions = {
  title: 'Access Denied',
  text: 'You are not authorized to access this page. Please login.',
  icon: 'error',
};

export const ACCESS_RESTRICTED: AlertOptions = {
  title: 'Access Restricted',
  text: 'You do not have the required permissions to view this page.',
  icon: 'warning',
};
