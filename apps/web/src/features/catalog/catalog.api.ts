import { apiPaths } from '@shop/contract/api-paths';
import type { Product, ProductDetailResponse, ProductListResponse } from '@shop/contract/products';
import { type ProductListParams, productListSearch } from '@shop/contract/shop-params';
import { apiPath as path, baseApi } from '../../app/base-api';

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
