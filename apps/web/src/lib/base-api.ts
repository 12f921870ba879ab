import {
  type BaseQueryFn,
  createApi,
  type EndpointDefinitions,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
  fetchBaseQuery,
} from '@reduxjs/toolkit/query/react';
import { API_PREFIX } from '@shop/contract/api-paths';
import { QUERY_CACHE_SECONDS } from '@shop/contract/constants';
import { SERVER_RENDERED_API } from './server-rendered';
import { joinStore } from './store-registry';

export const API_TAGS = [
  'Product',
  'Review',
  'Order',
  'User',
  'Stats',
  'Stock',
  'Discount',
  'Wishlist',
  'Return',
] as const;
type ApiTag = (typeof API_TAGS)[number];

/** A list's tags: the list itself, then each record in it, so a change to any one of them refetches the list. */
export function listTags<T>(type: ApiTag, records: readonly T[] | undefined, idOf: (record: T) => string) {
  return [{ type, id: 'LIST' }, ...(records?.map((record) => ({ type, id: idOf(record) })) ?? [])];
}

/** A record's tag and its list's: a change to the record makes both stale. */
export const recordAndListTags = (type: ApiTag, id: string) => [
  { type, id },
  { type, id: 'LIST' },
];

/** A page of a list, as every paged admin list asks for it. */
export const pagedPath = (path: string, { page, limit }: { page: number; limit: number }) =>
  `${path}?page=${page}&limit=${limit}`;

/** The API's answer to a call that changes something: what it did, in a sentence. */
export interface ApiMessage {
  message: string;
}

/** An API answer as the base query gives it: the body, or the status and body of an error. */
export type ApiAnswer = { data: unknown } | { error: { status: number; data: unknown } };

/**
 * How the server answers the API in its own process while it renders a page (given to the store as its
 * thunks' extra argument): the same routes, rules and caches, no network.
 */
export interface InProcessApi {
  answerInProcess: (request: { url: string; method: string; body?: unknown }) => Promise<ApiAnswer>;
}

const overHttp = fetchBaseQuery({ baseUrl: API_PREFIX, credentials: 'include' });

const inProcessApiOf = (extra: unknown) => (extra as Partial<InProcessApi> | undefined)?.answerInProcess;

/** Over HTTP in the browser; in process on the server, where a page's loaders run against the API itself. */
const baseQuery: BaseQueryFn<string | FetchArgs, unknown, FetchBaseQueryError, object, FetchBaseQueryMeta> = (
  args,
  api,
  extraOptions,
) => {
  const answerInProcess = inProcessApiOf(api.extra);
  if (!answerInProcess) return overHttp(args, api, extraOptions);
  const request = typeof args === 'string' ? { url: args } : args;
  const query = request.params ? `?${new URLSearchParams(request.params as Record<string, string>)}` : '';
  return answerInProcess({
    url: `${API_PREFIX}${request.url}${query}`,
    method: request.method ?? 'GET',
    body: request.body,
  });
};

/**
 * The one RTK Query API of the app; each feature adds its endpoints with `baseApi.injectEndpoints`.
 * The session travels in the httpOnly cookie, hence `credentials: 'include'`.
 */
export const baseApi = createApi({
  reducerPath: 'api',
  baseQuery,
  // The answers a server-rendered page carried: its queries start answered, never fetched again.
  extractRehydrationInfo: (action, { reducerPath }) =>
    action.type === SERVER_RENDERED_API ? (action.payload as Record<string, never>)[reducerPath] : undefined,
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

type EndpointBuild = Parameters<Parameters<typeof baseApi.injectEndpoints>[0]['endpoints']>[0];

/**
 * A feature's endpoints, added to the one API; the answer is typed by them, so the generated hooks
 * keep each endpoint's argument and answer types.
 */
export function injectEndpoints<Definitions extends EndpointDefinitions>(
  endpoints: (build: EndpointBuild) => Definitions,
) {
  return baseApi.injectEndpoints({ endpoints });
}
