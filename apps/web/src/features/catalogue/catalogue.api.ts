import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';
import { apiPaths } from '@shop/contract/api-paths';
import { CATEGORIES, CATEGORY_FETCH_LIMIT, type Category } from '@shop/contract/constants';
import type {
  Product,
  ProductDetailResponse,
  ProductFacetsResponse,
  ProductListResponse,
} from '@shop/contract/products';
import type { SearchSuggestion, SearchSuggestionsResponse } from '@shop/contract/search';
import {
  type ProductListParams,
  parseShopParams,
  productListSearch,
  type ShopParams,
  toProductListParams,
} from '@shop/contract/shop-params';
import { fetchBeforeFirstRender, injectEndpoints, listTags, apiPath as path } from '../../lib/base-api';
import type { AppDispatch } from '../../lib/hooks';

/**
 * The API's word that no product has this id: its 404, or its 400 for an id that cannot be one. This is
 * the product query's answer, not its error. RTK Query asks again for an entry that ended in an error
 * as soon as a component subscribes to it, so a "not found" page rendered on the server, with that
 * answer in its state, would ask the API the same question the moment it hydrated. A failure (no
 * connection, a 500) stays an error: asked again and offered a retry.
 */
export interface ProductNotFound {
  notFound: FetchBaseQueryError;
}

export const isProductNotFound = (
  answer: ProductDetailResponse | ProductNotFound | undefined,
): answer is ProductNotFound => answer !== undefined && 'notFound' in answer;

export const catalogueApi = injectEndpoints((build) => ({
  getProducts: build.query<ProductListResponse, ProductListParams>({
    query: (params) => {
      const search = productListSearch(params);
      return search ? `${path(apiPaths.products)}?${search}` : path(apiPaths.products);
    },
    providesTags: (result) => listTags('Product', result?.products, (p) => p._id),
  }),
  /** How many products each value of each facet would give, under the same search and filters as a list. */
  getProductFacets: build.query<ProductFacetsResponse, ProductListParams>({
    query: (params) => {
      const search = productListSearch(params);
      return search ? `${path(apiPaths.productFacets)}?${search}` : path(apiPaths.productFacets);
    },
    providesTags: [{ type: 'Product', id: 'LIST' }],
  }),
  getProduct: build.query<ProductDetailResponse | ProductNotFound, string>({
    queryFn: async (id, _api, _extraOptions, baseQuery) => {
      const { data, error } = await baseQuery(path(apiPaths.product(id)));
      if (error?.status === 404 || error?.status === 400) return { data: { notFound: error } };
      return error ? { error } : { data: data as ProductDetailResponse };
    },
    providesTags: (_result, _error, id) => [
      { type: 'Product', id },
      { type: 'Review', id: `PRODUCT-${id}` },
    ],
  }),
  getRelatedProducts: build.query<Product[], string>({
    query: (id) => path(apiPaths.relatedProducts(id)),
    providesTags: [{ type: 'Product', id: 'LIST' }],
  }),
  /** What the search box offers under itself for the text typed so far. */
  getSearchSuggestions: build.query<SearchSuggestion[], string>({
    query: (text) => `${path(apiPaths.searchSuggestions)}?${new URLSearchParams({ q: text })}`,
    transformResponse: (answer: SearchSuggestionsResponse) => answer.suggestions,
    providesTags: [{ type: 'Product', id: 'LIST' }],
  }),
}));

export const {
  useGetProductsQuery,
  useGetProductFacetsQuery,
  useGetProductQuery,
  useGetRelatedProductsQuery,
  useGetSearchSuggestionsQuery,
} = catalogueApi;

/**
 * The facets' question for a list: its search and filters without its page, size or order, which change no
 * count, so paging through a list asks for its counts once.
 */
export const facetsArgs = ({ page: _page, limit: _limit, sort: _sort, ...choice }: ProductListParams) => choice;

/** A list and its facets' counts, fetched together before the page first renders, so both are in its first paint. */
const prefetchListWithFacets = (dispatch: AppDispatch, list: ProductListParams) =>
  Promise.all([
    fetchBeforeFirstRender(() => dispatch(catalogueApi.endpoints.getProducts.initiate(list))),
    fetchBeforeFirstRender(() => dispatch(catalogueApi.endpoints.getProductFacets.initiate(facetsArgs(list)))),
  ]).then(() => undefined);

/** The shop's grid and facets for a query string, fetched before the page first renders (app/routes.tsx). */
export const prefetchShopProducts = (dispatch: AppDispatch, search: string) =>
  prefetchListWithFacets(dispatch, toProductListParams(parseShopParams(new URLSearchParams(search))));

/** A product page's product and reviews, fetched before the page first renders. */
export const prefetchProduct = (dispatch: AppDispatch, id: string) =>
  fetchBeforeFirstRender(() => dispatch(catalogueApi.endpoints.getProduct.initiate(id)));

/** A category page's grid: the category's newest products (app/routes.tsx fetches it before the first render). */
export const categoryProductsArgs = (category: Category): ProductListParams => ({
  category,
  limit: CATEGORY_FETCH_LIMIT,
});

export const isCategory = (value: string | undefined): value is Category => CATEGORIES.includes(value as Category);

export const prefetchCategoryProducts = (dispatch: AppDispatch, categoryName: string | undefined) =>
  isCategory(categoryName)
    ? fetchBeforeFirstRender(() =>
        dispatch(catalogueApi.endpoints.getProducts.initiate(categoryProductsArgs(categoryName))),
      )
    : Promise.resolve();

const SEARCH_RESULT_LIMIT = 24;

/**
 * The search page's results for what is in its box, under the shop's filters: every product (newest first)
 * while it is empty.
 */
export const searchResultsArgs = (text: string, filters: ShopParams): ProductListParams => ({
  ...toProductListParams(filters),
  q: text.trim() || undefined,
  page: undefined,
  limit: SEARCH_RESULT_LIMIT,
});

/** The results and facets for the address's `q` and filters, as the search page asks for them first. */
export const prefetchSearchResults = (dispatch: AppDispatch, search: string) => {
  const address = new URLSearchParams(search);
  return prefetchListWithFacets(dispatch, searchResultsArgs(address.get('q') ?? '', parseShopParams(address)));
};
