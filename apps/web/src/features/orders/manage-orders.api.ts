import { apiPaths } from '@shop/contract/api-paths';
import {
  type Order,
  type OrderStatusUpdateRequest,
  type RefundRequest,
  TOTAL_COUNT_HEADER,
} from '@shop/contract/orders';
import { type ApiMessage, apiPath, injectEndpoints, listTags, pagedPath, recordAndListTags } from '../../lib/base-api';

export interface OrdersPage {
  orders: Order[];
  total: number;
}

/** The admin's calls on every shopper's orders; the server refuses each of them to anyone but an admin. */
export const manageOrdersApi = injectEndpoints((build) => ({
  getAllOrders: build.query<OrdersPage, { page: number; limit: number }>({
    query: (page) => pagedPath(apiPath(apiPaths.allOrders), page),
    transformResponse: (orders: Order[], meta) => ({
      orders,
      total: Number(meta?.response?.headers.get(TOTAL_COUNT_HEADER) ?? orders.length),
    }),
    providesTags: (result) => listTags('Order', result?.orders, (order) => order._id),
  }),
  updateOrderStatus: build.mutation<ApiMessage & { order: Order }, OrderStatusUpdateRequest & { id: string }>({
    query: ({ id, ...body }) => ({ url: apiPath(apiPaths.updateOrderStatus(id)), method: 'PATCH', body }),
    invalidatesTags: (_result, _error, { id }) => recordAndListTags('Order', id),
  }),
  /** A refund of part of an order or its cancellation: earnings change, so the stats go stale too. */
  refundOrder: build.mutation<ApiMessage & { order: Order }, RefundRequest & { id: string }>({
    query: ({ id, ...body }) => ({ url: apiPath(apiPaths.refundOrder(id)), method: 'POST', body }),
    invalidatesTags: (_result, _error, { id }) => [...recordAndListTags('Order', id), 'Stats'],
  }),
  deleteOrder: build.mutation<ApiMessage, string>({
    query: (id) => ({ url: apiPath(apiPaths.deleteOrder(id)), method: 'DELETE' }),
    invalidatesTags: (_result, _error, id) => [...recordAndListTags('Order', id), 'Stats'],
  }),
}));

export const { useGetAllOrdersQuery, useUpdateOrderStatusMutation, useRefundOrderMutation, useDeleteOrderMutation } =
  manageOrdersApi;
