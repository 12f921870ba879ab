import { apiPaths } from '@shop/contract/api-paths';
import type { FitSummary } from '@shop/contract/fit';
import { apiPath, fetchBeforeFirstRender, injectEndpoints } from '../../lib/base-api';
import type { AppDispatch } from '../../lib/hooks';

export const fitApi = injectEndpoints((build) => ({
  /** What customers say of a product's fit: its own small answer, so the product's answer stays as fast. */
  getProductFit: build.query<FitSummary, string>({
    query: (id) => apiPath(apiPaths.productFit(id)),
    // A review posted on the page may change it.
    providesTags: (_result, _error, id) => [{ type: 'Review', id: `PRODUCT-${id}` }],
  }),
}));

export const { useGetProductFitQuery } = fitApi;

/** The product page's fit note, fetched with the product before the first render (app/routes.tsx). */
export const prefetchProductFit = (dispatch: AppDispatch, id: string) =>
  fetchBeforeFirstRender(() => dispatch(fitApi.endpoints.getProductFit.initiate(id)));
