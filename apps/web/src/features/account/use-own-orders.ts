import { useDashboardUser } from '../../ui/dashboard-kit/dashboard-user';
import { FRESH, useGetOrdersByEmailQuery } from './account.api';

/** The signed-in customer's own orders, asked again each time a page of them opens. */
export function useOwnOrdersQuery() {
  const user = useDashboardUser();
  return useGetOrdersByEmailQuery(user.email, FRESH);
}
