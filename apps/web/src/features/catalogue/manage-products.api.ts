import { apiPaths } from '@shop/contract/api-paths';
import type { CatalogueImportResponse } from '@shop/contract/catalogue-csv';
import type { ProductStockResponse, StockChangeRequest } from '@shop/contract/inventory';
import type {
  Product,
  ProductColoursRequest,
  ProductDetailResponse,
  ProductInput,
  ProductListResponse,
  ProductUpdate,
} from '@shop/contract/products';
import { type ApiMessage, apiPath, injectEndpoints, listTags, pagedPath, recordAndListTags } from '../../lib/base-api';

/**
 * The admin's own view of the catalogue is read from the database, not from the instance's cache: with
 * several instances, the one answering may not yet have heard of the change the admin has just made
 * through another, and a product deleted a moment ago would still be listed.
 */
const FROM_THE_DATABASE = { 'cache-control': 'no-cache' };

/** The admin's calls on the catalogue and its stock; the server refuses each of them to anyone but an admin. */
export const manageProductsApi = injectEndpoints((build) => ({
  getManagedProducts: build.query<ProductListResponse, { page: number; limit: number }>({
    query: (page) => ({ url: pagedPath(apiPath(apiPaths.products), page), headers: FROM_THE_DATABASE }),
    providesTags: (result) => listTags('Product', result?.products, (p) => p._id),
  }),
  getManagedProduct: build.query<ProductDetailResponse, string>({
    query: (id) => ({ url: apiPath(apiPaths.product(id)), headers: FROM_THE_DATABASE }),
    providesTags: (_result, _error, id) => [{ type: 'Product', id }],
  }),
  uploadImage: build.mutation<string, string>({
    query: (dataUrl) => ({ url: apiPath(apiPaths.uploadImage), method: 'POST', body: { image: dataUrl } }),
  }),
  createProduct: build.mutation<ApiMessage & { product: Product }, ProductInput>({
    query: (body) => ({ url: apiPath(apiPaths.createProduct), method: 'POST', body }),
    invalidatesTags: [{ type: 'Product', id: 'LIST' }, 'Stats'],
  }),
  updateProduct: build.mutation<ApiMessage & { product: Product }, { id: string; changes: ProductUpdate }>({
    query: ({ id, changes }) => ({ url: apiPath(apiPaths.updateProduct(id)), method: 'PATCH', body: changes }),
    invalidatesTags: (_result, _error, { id }) => recordAndListTags('Product', id),
  }),
  saveColours: build.mutation<ApiMessage & { product: Product }, { id: string; body: ProductColoursRequest }>({
    query: ({ id, body }) => ({ url: apiPath(apiPaths.productColours(id)), method: 'PUT', body }),
    // Colours bring and take sizes, so the stock panel reads them again too.
    invalidatesTags: (_result, _error, { id }) => [{ type: 'Stock', id }, ...recordAndListTags('Product', id)],
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
      ...recordAndListTags('Product', id),
    ],
  }),
  /** Sends a CSV file's text; a dry run only checks it. A file with problems answers 400 with them all. */
  importCatalogue: build.mutation<CatalogueImportResponse, { file: string; dryRun: boolean }>({
    query: ({ file, dryRun }) => ({
      url: `${apiPath(apiPaths.catalogueImport)}${dryRun ? '?dryRun=true' : ''}`,
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: file,
    }),
    invalidatesTags: (result) => (result && !result.dryRun ? [{ type: 'Product', id: 'LIST' }, 'Stats'] : []),
  }),
  deleteProduct: build.mutation<ApiMessage, string>({
    query: (id) => ({ url: apiPath(apiPaths.product(id)), method: 'DELETE' }),
    invalidatesTags: (_result, _error, id) => [...recordAndListTags('Product', id), 'Stats'],
  }),
}));

export const {
  useGetManagedProductsQuery,
  useGetManagedProductQuery,
  useUploadImageMutation,
  useCreateProductMutation,
  useUpdateProductMutation,
  useSaveColoursMutation,
  useGetProductStockQuery,
  useChangeStockMutation,
  useDeleteProductMutation,
  useImportCatalogueMutation,
} = manageProductsApi;
