import { apiPaths } from '@shop/contract/api-paths';
import type { ShippingAddress } from '@shop/contract/delivery';
import type { Order } from '@shop/contract/orders';
import type { UserReviewsResponse } from '@shop/contract/reviews';
import type { UserStats } from '@shop/contract/stats';
import type { EditProfileRequest, User } from '@shop/contract/users';
import { apiPath, injectEndpoints, listTags } from '../../lib/base-api';

/**
 * An admin may change an order's status at any moment: each page asks again when it opens, showing
 * what it already has in the meantime.
 */
export const FRESH = { refetchOnMountOrArgChange: true } as const;

/** The customer dashboard's calls; the server only answers them for the session's own account. */
export const accountApi = injectEndpoints((build) => ({
  getUserStats: build.query<UserStats, string>({
    query: (userId) => apiPath(apiPaths.userStats(userId)),
    providesTags: ['Stats'],
  }),
  getOrdersByEmail: build.query<Order[], string>({
    query: (email) => apiPath(apiPaths.ordersByEmail(email)),
    providesTags: (result) => listTags('Order', result, (order) => order._id),
  }),
  /** A new link to confirm the account's e-mail, so that orders placed with it as a guest join the account. */
  sendEmailConfirmation: build.mutation<{ message: string }, void>({
    query: () => ({ url: apiPath(apiPaths.emailConfirmation), method: 'POST' }),
  }),
  getUserReviews: build.query<UserReviewsResponse, string>({
    query: (userId) => apiPath(apiPaths.userReviews(userId)),
    providesTags: [{ type: 'Review', id: 'LIST' }],
  }),
  editProfile: build.mutation<{ message: string; user: User }, EditProfileRequest>({
    query: (body) => ({ url: apiPath(apiPaths.editProfile), method: 'PATCH', body }),
    // The new name shows on the reviews the user wrote, too.
    invalidatesTags: [{ type: 'User', id: 'ME' }, { type: 'User', id: 'LIST' }, 'Review'],
  }),
  getSavedAddress: build.query<{ address: ShippingAddress | null }, void>({
    query: () => apiPath(apiPaths.savedAddress),
    providesTags: [{ type: 'User', id: 'ADDRESS' }],
  }),
  saveAddress: build.mutation<{ address: ShippingAddress | null }, ShippingAddress>({
    query: (body) => ({ url: apiPath(apiPaths.savedAddress), method: 'PUT', body }),
    invalidatesTags: [{ type: 'User', id: 'ADDRESS' }],
  }),
  forgetAddress: build.mutation<{ address: ShippingAddress | null }, void>({
    query: () => ({ url: apiPath(apiPaths.savedAddress), method: 'DELETE' }),
    invalidatesTags: [{ type: 'User', id: 'ADDRESS' }],
  }),
}));

export const { useGetSavedAddressQuery, useSaveAddressMutation, useForgetAddressMutation } = accountApi;

export const {
  useGetUserStatsQuery,
  useGetOrdersByEmailQuery,
  useGetUserReviewsQuery,
  useEditProfileMutation,
  useSendEmailConfirmationMutation,
} = accountApi;
