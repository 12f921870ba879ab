import { apiPaths } from '@shop/contract/api-paths';
import {
  type Order,
  type OrderStatusUpdateRequest,
  type RefundRequest,
  TOTAL_COUNT_HEADER,
} from '@shop/contract/orders';
import { apiPath, injectEndpoints } from '../../lib/base-api';

interface Message {
  message: string;
}

export interface OrdersPage {
  orders: Order[];
  total: number;
}

/** The admin's calls on every shopper's orders; the server refuses each of them to anyone but an admin. */
export const manageOrdersApi = injectEndpoints((build) => ({
  getAllOrders: build.query<OrdersPage, { page: number; limit: number }>({
    query: ({ page, limit }) => `${apiPath(apiPaths.allOrders)}?page=${page}&limit=${limit}`,
    transformResponse: (orders: Order[], meta) => ({
      orders,
      total: Number(meta?.response?.headers.get(TOTAL_COUNT_HEADER) ?? orders.length),
    }),
    providesTags: (result) => [
      { type: 'Order', id: 'LIST' },
      ...(result?.orders.map((order) => ({ type: 'Order' as const, id: order._id })) ?? []),
    ],
  }),
  updateOrderStatus: build.mutation<Message & { order: Order }, OrderStatusUpdateRequest & { id: string }>({
    query: ({ id, ...body }) => ({ url: apiPath(apiPaths.updateOrderStatus(id)), method: 'PATCH', body }),
    invalidatesTags: (_result, _error, { id }) => [
      { type: 'Order', id },
      { type: 'Order', id: 'LIST' },
    ],
  }),
  /** A refund of part of an order or its cancellation: earnings change, so the stats go stale too. */
  refundOrder: build.mutation<Message & { order: Order }, RefundRequest & { id: string }>({
    query: ({ id, ...body }) => ({ url: apiPath(apiPaths.refundOrder(id)), method: 'POST', body }),
    invalidatesTags: (_result, _error, { id }) => [{ type: 'Order', id }, { type: 'Order', id: 'LIST' }, 'Stats'],
  }),
  deleteOrder: build.mutation<Message, string>({
    query: (id) => ({ url: apiPath(apiPaths.deleteOrder(id)), method: 'DELETE' }),
    invalidatesTags: (_result, _error, id) => [{ type: 'Order', id }, { type: 'Order', id: 'LIST' }, 'Stats'],
  }),
}));

export const { useGetAllOrdersQuery, useUpdateOrderStatusMutation, useRefundOrderMutation, useDeleteOrderMutation } =
  manageOrdersApi;
