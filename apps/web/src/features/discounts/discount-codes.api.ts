import { apiPaths } from '@shop/contract/api-paths';
import type { DiscountCode, DiscountCodeInput, DiscountCodeList, DiscountCodeResponse } from '@shop/contract/discounts';
import { apiPath, injectEndpoints, listTags, pagedPath, recordAndListTags } from '../../lib/base-api';

/** The owner's discount codes; the server refuses each of these calls to anyone but an admin. */
export const discountCodesApi = injectEndpoints((build) => ({
  getDiscountCodes: build.query<DiscountCodeList, { page: number; limit: number }>({
    query: (page) => pagedPath(apiPath(apiPaths.discountCodes), page),
    providesTags: (result) => listTags('Discount', result?.codes, (code) => code._id),
  }),
  getDiscountCode: build.query<DiscountCode, string>({
    query: (id) => apiPath(apiPaths.discountCode(id)),
    providesTags: (_result, _error, id) => [{ type: 'Discount', id }],
  }),
  createDiscountCode: build.mutation<DiscountCodeResponse, DiscountCodeInput>({
    query: (body) => ({ url: apiPath(apiPaths.discountCodes), method: 'POST', body }),
    invalidatesTags: [{ type: 'Discount', id: 'LIST' }],
  }),
  updateDiscountCode: build.mutation<DiscountCodeResponse, { id: string; input: DiscountCodeInput }>({
    query: ({ id, input }) => ({ url: apiPath(apiPaths.discountCode(id)), method: 'PUT', body: input }),
    invalidatesTags: (_result, _error, { id }) => recordAndListTags('Discount', id),
  }),
  setDiscountCodePaused: build.mutation<DiscountCodeResponse, { id: string; paused: boolean }>({
    query: ({ id, paused }) => ({ url: apiPath(apiPaths.discountCodePaused(id)), method: 'PATCH', body: { paused } }),
    invalidatesTags: (_result, _error, { id }) => recordAndListTags('Discount', id),
  }),
}));

export const {
  useGetDiscountCodesQuery,
  useGetDiscountCodeQuery,
  useCreateDiscountCodeMutation,
  useUpdateDiscountCodeMutation,
  useSetDiscountCodePausedMutation,
} = discountCodesApi;
