import { apiPaths } from '@shop/contract/api-paths';
import type { Order } from '@shop/contract/orders';

/** The confirmed order; a guest's comes with the token of its order link. */
export interface ConfirmedPayment {
  order: Order;
  orderToken?: string;
}

import { apiPath, injectEndpoints } from '../../lib/base-api';

export const ordersApi = injectEndpoints((build) => ({
  confirmPayment: build.mutation<ConfirmedPayment, { session_id: string }>({
    query: (body) => ({ url: apiPath(apiPaths.confirmPayment), method: 'POST', body }),
    invalidatesTags: [{ type: 'Order', id: 'LIST' }, 'Stats'],
  }),
  getOrder: build.query<Order, string>({
    query: (id) => apiPath(apiPaths.order(id)),
    providesTags: (_result, _error, id) => [{ type: 'Order', id }],
  }),
  getGuestOrder: build.query<Order, string>({
    query: (token) => apiPath(apiPaths.guestOrder(token)),
  }),
}));

export const { useConfirmPaymentMutation, useGetOrderQuery, useGetGuestOrderQuery } = ordersApi;
