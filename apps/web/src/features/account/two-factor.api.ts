import { apiPaths } from '@shop/contract/api-paths';
import type {
  TwoFactorConfirmRequest,
  TwoFactorConfirmResponse,
  TwoFactorDisableRequest,
  TwoFactorSetupResponse,
  TwoFactorStatus,
} from '@shop/contract/two-factor';
import { apiPath, injectEndpoints } from '../../lib/base-api';

const STATUS_TAG = { type: 'User' as const, id: 'TWO_FACTOR' };

/** The signed-in account's own second factor. */
export const twoFactorApi = injectEndpoints((build) => ({
  getTwoFactorStatus: build.query<TwoFactorStatus, void>({
    query: () => apiPath(apiPaths.twoFactor),
    providesTags: [STATUS_TAG],
  }),
  startTwoFactorSetup: build.mutation<TwoFactorSetupResponse, void>({
    query: () => ({ url: apiPath(apiPaths.twoFactorSetup), method: 'POST' }),
  }),
  confirmTwoFactor: build.mutation<TwoFactorConfirmResponse, TwoFactorConfirmRequest>({
    query: (body) => ({ url: apiPath(apiPaths.twoFactorConfirm), method: 'POST', body }),
    // The admin pages (and the guard in front of them) ask the server again.
    invalidatesTags: [STATUS_TAG, 'Stats', 'Order', 'User'],
  }),
  disableTwoFactor: build.mutation<{ message: string }, TwoFactorDisableRequest>({
    query: (body) => ({ url: apiPath(apiPaths.twoFactorDisable), method: 'POST', body }),
    invalidatesTags: [STATUS_TAG],
  }),
}));

export const {
  useGetTwoFactorStatusQuery,
  useStartTwoFactorSetupMutation,
  useConfirmTwoFactorMutation,
  useDisableTwoFactorMutation,
} = twoFactorApi;
