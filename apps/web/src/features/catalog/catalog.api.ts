import { apiPaths } from '@shop/contract/api-paths';
import type { Product, ProductDetailResponse, ProductListResponse } from '@shop/contract/products';
import {
  type ProductListParams,
  parseShopParams,
  productListSearch,
  toProductListParams,
} from '@shop/contract/shop-params';
import { baseApi, fetchBeforeFirstRender, apiPath as path } from '../../lib/base-api';
import type { AppDispatch } from '../../lib/hooks';

export const catalogApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getProducts: build.query<ProductListResponse, ProductListParams>({
      query: (params) => {
        const search = productListSearch(params);
        return search ? `${path(apiPaths.products)}?${search}` : path(apiPaths.products);
      },
      providesTags: (result) => [
        { type: 'Product', id: 'LIST' },
        ...(result?.products.map((p) => ({ type: 'Product' as const, id: p._id })) ?? []),
      ],
    }),
    getProduct: build.query<ProductDetailResponse, string>({
      query: (id) => path(apiPaths.product(id)),
      providesTags: (_result, _error, id) => [
        { type: 'Product', id },
        { type: 'Review', id: `PRODUCT-${id}` },
      ],
    }),
    getRelatedProducts: build.query<Product[], string>({
      query: (id) => path(apiPaths.relatedProducts(id)),
      providesTags: [{ type: 'Product', id: 'LIST' }],
    }),
  }),
});

export const { useGetProductsQuery, useGetProductQuery, useGetRelatedProductsQuery } = catalogApi;

/** The shop's grid for a query string, fetched before the page first renders (app/routes.tsx). */
export const prefetchShopProducts = (dispatch: AppDispatch, search: string) =>
  fetchBeforeFirstRender(() =>
    dispatch(
      catalogApi.endpoints.getProducts.initiate(toProductListParams(parseShopParams(new URLSearchParams(search)))),
    ),
  );

/** A product page's product and reviews, fetched before the page first renders. */
export const prefetchProduct = (dispatch: AppDispatch, id: string) =>
  fetchBeforeFirstRender(() => dispatch(catalogApi.endpoints.getProduct.initiate(id)));
