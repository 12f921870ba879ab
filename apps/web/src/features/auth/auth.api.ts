import { apiPaths } from '@shop/contract/api-paths';
import type { LoginRequest, LoginResponse, RegisterRequest, User } from '@shop/contract/users';
import { apiPath, baseApi } from '../../lib/base-api';

export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginResponse, LoginRequest>({
      query: (body) => ({ url: apiPath(apiPaths.login), method: 'POST', body }),
    }),
    register: build.mutation<{ message: string; user: User }, RegisterRequest>({
      query: (body) => ({ url: apiPath(apiPaths.register), method: 'POST', body }),
    }),
    logout: build.mutation<unknown, void>({
      query: () => ({ url: apiPath(apiPaths.logout), method: 'POST' }),
    }),
    /** Whether the session cookie is still good; the stored user may outlive it. */
    getMe: build.query<{ user: User }, void>({
      query: () => apiPath(apiPaths.me),
      providesTags: [{ type: 'User', id: 'ME' }],
    }),
  }),
});

export const { useLoginMutation, useRegisterMutation, useLogoutMutation, useGetMeQuery } = authApi;
