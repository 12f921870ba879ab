import { apiPaths } from '@shop/contract/api-paths';
import type { FitSummary } from '@shop/contract/fit';
import { apiPath, fetchBeforeFirstRender, injectEndpoints } from '../../lib/base-api';
import type { AppDispatch } from '../../lib/hooks';

export const fitApi = injectEndpoints((build) => ({
  /** What customers say of a product's fit: its own small answer, so the product's answer stays as fast. */
  getProductFit: build.query<FitSummary | null, string>({
    // No such product is an answer (null), kept as the product's own 404 is: the page does not ask again.
    queryFn: async (id, _api, _extraOptions, baseQuery) => {
      const { data, error } = await baseQuery(apiPath(apiPaths.productFit(id)));
      if (error?.status === 404 || error?.status === 400) return { data: null };
      return error ? { error } : { data: data as FitSummary };
    },
    // A review posted on the page may change it.
    providesTags: (_result, _error, id) => [{ type: 'Review', id: `PRODUCT-${id}` }],
  }),
}));

export const { useGetProductFitQuery } = fitApi;

/** The product page's fit note, fetched with the product before the first render (app/routes.tsx). */
export const prefetchProductFit = (dispatch: AppDispatch, id: string) =>
  fetchBeforeFirstRender(() => dispatch(fitApi.endpoints.getProductFit.initiate(id)));
