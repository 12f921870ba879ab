import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import { API_PREFIX } from '@shop/contract/api-paths';
import { QUERY_CACHE_SECONDS } from '@shop/contract/constants';
import { joinStore } from './store-registry';

export const API_TAGS = ['Product', 'Review', 'Order', 'User', 'Stats', 'Stock'] as const;

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

// This module is loaded by the first screen that fetches, never by the first page's script.
joinStore(baseApi);

/** The contract's paths start with `/api`, which the base query adds already. */
export function apiPath(fullPath: string): string {
  return fullPath.startsWith(API_PREFIX) ? fullPath.slice(API_PREFIX.length) : fullPath;
}

/** How long a screen's first render may wait for its data before showing its loading state instead. */
const FIRST_RENDER_WAIT_MS = 1500;

/**
 * Starts a query and resolves once it has answered (or failed, or taken too long), so a screen's first
 * render can show its data and its largest picture at once. The screen's own subscription keeps the
 * answer: the cache holds an unused answer for QUERY_CACHE_SECONDS.
 */
export async function fetchBeforeFirstRender(start: () => { unsubscribe: () => void } & PromiseLike<unknown>) {
  const query = start();
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await Promise.race([query, new Promise((resolve) => (timer = setTimeout(resolve, FIRST_RENDER_WAIT_MS)))]);
  } finally {
    clearTimeout(timer);
    query.unsubscribe();
  }
}
