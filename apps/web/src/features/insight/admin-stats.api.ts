import { apiPaths } from '@shop/contract/api-paths';
import type { LowStockResponse } from '@shop/contract/inventory';
import type { AdminStats } from '@shop/contract/stats';
import { apiPath, injectEndpoints } from '../../lib/base-api';

/** The admin dashboard's figures and its low stock; the server refuses each of them to anyone but an admin. */
export const adminStatsApi = injectEndpoints((build) => ({
  getAdminStats: build.query<AdminStats, void>({
    query: () => apiPath(apiPaths.adminStats),
    providesTags: ['Stats'],
  }),
  getLowStock: build.query<LowStockResponse, void>({
    query: () => apiPath(apiPaths.lowStock),
    providesTags: [{ type: 'Stock', id: 'LOW' }],
  }),
}));

export const { useGetAdminStatsQuery, useGetLowStockQuery } = adminStatsApi;
