import { apiPaths } from '@shop/contract/api-paths';
import type { Order } from '@shop/contract/orders';
import { apiPath, injectEndpoints } from '../../lib/base-api';

export const ordersApi = injectEndpoints((build) => ({
  confirmPayment: build.mutation<{ order: Order }, { session_id: string }>({
    query: (body) => ({ url: apiPath(apiPaths.confirmPayment), method: 'POST', body }),
    invalidatesTags: [{ type: 'Order', id: 'LIST' }, 'Stats'],
  }),
  getOrder: build.query<Order, string>({
    query: (id) => apiPath(apiPaths.order(id)),
    providesTags: (_result, _error, id) => [{ type: 'Order', id }],
  }),
}));

export const { useConfirmPaymentMutation, useGetOrderQuery } = ordersApi;
