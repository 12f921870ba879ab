import { apiPaths } from '@shop/contract/api-paths';
import type { DiscountCheck, DiscountCheckRequest } from '@shop/contract/discounts';
import { apiPath, injectEndpoints } from '../../lib/base-api';

/** The cart panel's check of a discount code against the cart, priced by the server as checkout will be. */
export const discountsApi = injectEndpoints((build) => ({
  checkDiscountCode: build.query<DiscountCheck, DiscountCheckRequest>({
    query: (body) => ({ url: apiPath(apiPaths.checkDiscountCode), method: 'POST', body }),
    // A code's uses change with every checkout: an answer is for this look at the cart only.
    keepUnusedDataFor: 0,
  }),
}));

export const { useCheckDiscountCodeQuery } = discountsApi;
