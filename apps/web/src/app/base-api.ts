import { API_PREFIX } from '@shop/contract/api-paths';
import { QUERY_CACHE_SECONDS } from '@shop/contract/constants';
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';

export const API_TAGS = ['Product', 'Review', 'Order', 'User', 'Stats'] as const;

/**
 * The one RTK Query API of the app; each feature adds its endpoints with `baseApi.injectEndpoints`.
 * The session travels in the httpOnly cookie, hence `credentials: 'include'`.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery: fetchBaseQuery({ baseUrl: API_PREFIX, credentials: 'include' }),
  keepUnusedDataFor: QUERY_CACHE_SECONDS,
  tagTypes: API_TAGS,
  endpoints: () => ({}),
});

/** The contract's paths start with `/api`, which the base query adds already. */
export function apiPath(fullPath: string): string {
  return fullPath.startsWith(API_PREFIX) ? fullPath.slice(API_PREFIX.length) : fullPath;
}
