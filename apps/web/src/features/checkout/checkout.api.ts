import { apiPaths } from '@shop/contract/api-paths';
import type { CheckoutRequest, CheckoutResponse, PaymentConfig } from '@shop/contract/orders';
import { apiPath, injectEndpoints } from '../../lib/base-api';

export const checkoutApi = injectEndpoints((build) => ({
  getPaymentConfig: build.query<PaymentConfig, void>({
    query: () => apiPath(apiPaths.paymentConfig),
  }),
  createCheckoutSession: build.mutation<CheckoutResponse, CheckoutRequest>({
    query: (body) => ({ url: apiPath(apiPaths.createCheckoutSession), method: 'POST', body }),
  }),
}));

export const { useLazyGetPaymentConfigQuery, useCreateCheckoutSessionMutation } = checkoutApi;
