import type { AlertOptions } from '../../ui/alerts';

/** SPEC.md 2, guard behaviour: the two alerts, word for word. */
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
