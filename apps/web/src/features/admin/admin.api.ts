import { apiPaths } from '@shop/contract/api-paths';
import type { Role } from '@shop/contract/constants';
import type { LowStockResponse, ProductStockResponse, StockChangeRequest } from '@shop/contract/inventory';
import {
  type Order,
  type OrderStatusUpdateRequest,
  type RefundRequest,
  TOTAL_COUNT_HEADER,
} from '@shop/contract/orders';
import type {
  Product,
  ProductDetailResponse,
  ProductInput,
  ProductListResponse,
  ProductUpdate,
} from '@shop/contract/products';
import type { AdminStats } from '@shop/contract/stats';
import type { User } from '@shop/contract/users';
import { apiPath, baseApi } from '../../lib/base-api';

interface Message {
  message: string;
}

export interface OrdersPage {
  orders: Order[];
  total: number;
}

/**
 * The admin's own view of the catalogue is read from the database, not from the instance's cache: with
 * several instances, the one answering may not yet have heard of the change the admin has just made
 * through another, and a product deleted a moment ago would still be listed.
 */
const FROM_THE_DATABASE = { 'cache-control': 'no-cache' };

/** The admin dashboard's calls; the server refuses each of them to anyone but an admin. */
export const adminApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getAdminStats: build.query<AdminStats, void>({
      query: () => apiPath(apiPaths.adminStats),
      providesTags: ['Stats'],
    }),

    getManagedProducts: build.query<ProductListResponse, { page: number; limit: number }>({
      query: ({ page, limit }) => ({
        url: `${apiPath(apiPaths.products)}?page=${page}&limit=${limit}`,
        headers: FROM_THE_DATABASE,
      }),
      providesTags: (result) => [
        { type: 'Product', id: 'LIST' },
        ...(result?.products.map((p) => ({ type: 'Product' as const, id: p._id })) ?? []),
      ],
    }),
    getManagedProduct: build.query<ProductDetailResponse, string>({
      query: (id) => ({ url: apiPath(apiPaths.product(id)), headers: FROM_THE_DATABASE }),
      providesTags: (_result, _error, id) => [{ type: 'Product', id }],
    }),
    uploadImage: build.mutation<string, string>({
      query: (dataUrl) => ({ url: apiPath(apiPaths.uploadImage), method: 'POST', body: { image: dataUrl } }),
    }),
    createProduct: build.mutation<Message & { product: Product }, ProductInput>({
      query: (body) => ({ url: apiPath(apiPaths.createProduct), method: 'POST', body }),
      invalidatesTags: [{ type: 'Product', id: 'LIST' }, 'Stats'],
    }),
    updateProduct: build.mutation<Message & { product: Product }, { id: string; changes: ProductUpdate }>({
      query: ({ id, changes }) => ({ url: apiPath(apiPaths.updateProduct(id)), method: 'PATCH', body: changes }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Product', id },
        { type: 'Product', id: 'LIST' },
      ],
    }),
    getProductStock: build.query<ProductStockResponse, string>({
      query: (id) => apiPath(apiPaths.productStock(id)),
      providesTags: (_result, _error, id) => [{ type: 'Stock', id }],
    }),
    changeStock: build.mutation<ProductStockResponse, { id: string; change: StockChangeRequest }>({
      query: ({ id, change }) => ({ url: apiPath(apiPaths.productStock(id)), method: 'PUT', body: change }),
      invalidatesTags: (_result, _error, { id }) => [
        { type: 'Stock', id },
        { type: 'Stock', id: 'LOW' },
        { type: 'Product', id },
        { type: 'Product', id: 'LIST' },
      ],
    }),
    getLowStock: build.query<LowStockResponse, void>({
      query: () => apiPath(apiPaths.lowStock),
      providesTags: [{ type: 'Stock', id: 'LOW' }],
    }),
    deleteProduct: build.mutation<Message, string>({
      query: (id) => ({ url: apiPath(apiPaths.product(id)), method: 'DELETE' }),
      invalidatesTags: (_result, _error, id) => [{ type: 'Product', id }, { type: 'Product', id: 'LIST' }, 'Stats'],
    }),

    getUsers: build.query<User[], void>({
      query: () => apiPath(apiPaths.users),
      providesTags: [{ type: 'User', id: 'LIST' }],
    }),
    updateUserRole: build.mutation<Message & { user: User }, { id: string; role: Role }>({
      query: ({ id, role }) => ({ url: apiPath(apiPaths.user(id)), method: 'PUT', body: { role } }),
      invalidatesTags: [{ type: 'User', id: 'LIST' }],
    }),
    deleteUser: build.mutation<Message, string>({
      query: (id) => ({ url: apiPath(apiPaths.user(id)), method: 'DELETE' }),
      invalidatesTags: [{ type: 'User', id: 'LIST' }, 'Stats'],
    }),

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
  }),
});

export const {
  useGetAdminStatsQuery,
  useGetManagedProductsQuery,
  useGetManagedProductQuery,
  useUploadImageMutation,
  useCreateProductMutation,
  useUpdateProductMutation,
  useDeleteProductMutation,
  useGetProductStockQuery,
  useChangeStockMutation,
  useGetLowStockQuery,
  useGetUsersQuery,
  useUpdateUserRoleMutation,
  useDeleteUserMutation,
  useGetAllOrdersQuery,
  useUpdateOrderStatusMutation,
  useRefundOrderMutation,
  useDeleteOrderMutation,
} = adminApi;
