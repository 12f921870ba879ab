import { apiPaths } from '@shop/contract/api-paths';
import type { BackInStockRequest, BackInStockResponse, BackInStockToken } from '@shop/contract/back-in-stock';
import { apiPath, injectEndpoints } from '../../lib/base-api';

export const backInStockApi = injectEndpoints((build) => ({
  askBackInStock: build.mutation<BackInStockResponse, BackInStockRequest>({
    query: (body) => ({ url: apiPath(apiPaths.backInStock), method: 'POST', body }),
  }),
  confirmBackInStock: build.mutation<{ message: string }, BackInStockToken>({
    query: (body) => ({ url: apiPath(apiPaths.backInStockConfirm), method: 'POST', body }),
  }),
  unsubscribeBackInStock: build.mutation<{ message: string }, BackInStockToken>({
    query: (body) => ({ url: apiPath(apiPaths.backInStockUnsubscribe), method: 'POST', body }),
  }),
}));

export const { useAskBackInStockMutation, useConfirmBackInStockMutation, useUnsubscribeBackInStockMutation } =
  backInStockApi;
