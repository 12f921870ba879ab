import { apiPaths } from '@shop/contract/api-paths';
import type { LoginAnswer, LoginTwoFactorRequest } from '@shop/contract/two-factor';
import type {
  ConfirmEmailRequest,
  ConfirmEmailResponse,
  ForgotPasswordRequest,
  LoginRequest,
  LoginResponse,
  RegisterRequest,
  ResetPasswordRequest,
  User,
} from '@shop/contract/users';
import { apiPath, injectEndpoints } from '../../lib/base-api';

export const authApi = injectEndpoints((build) => ({
  /** A session, or for an account with a second factor the challenge the code step answers. */
  login: build.mutation<LoginAnswer, LoginRequest>({
    query: (body) => ({ url: apiPath(apiPaths.login), method: 'POST', body }),
  }),
  loginTwoFactor: build.mutation<LoginResponse, LoginTwoFactorRequest>({
    query: (body) => ({ url: apiPath(apiPaths.loginTwoFactor), method: 'POST', body }),
  }),
  register: build.mutation<{ message: string; user: User }, RegisterRequest>({
    query: (body) => ({ url: apiPath(apiPaths.register), method: 'POST', body }),
  }),
  logout: build.mutation<unknown, void>({
    query: () => ({ url: apiPath(apiPaths.logout), method: 'POST' }),
  }),
  requestPasswordReset: build.mutation<{ message: string }, ForgotPasswordRequest>({
    query: (body) => ({ url: apiPath(apiPaths.forgotPassword), method: 'POST', body }),
  }),
  resetPassword: build.mutation<{ message: string }, ResetPasswordRequest>({
    query: (body) => ({ url: apiPath(apiPaths.resetPassword), method: 'POST', body }),
  }),
  /** The mailed link's confirmation: guest orders of the e-mail join the account, and the user is read again. */
  confirmEmail: build.mutation<ConfirmEmailResponse, ConfirmEmailRequest>({
    query: (body) => ({ url: apiPath(apiPaths.confirmEmail), method: 'POST', body }),
    invalidatesTags: [{ type: 'User', id: 'ME' }, { type: 'Order', id: 'LIST' }, 'Stats'],
  }),
  /** Whether the session cookie is still good; the stored user may outlive it. */
  getMe: build.query<{ user: User }, void>({
    query: () => apiPath(apiPaths.me),
    providesTags: [{ type: 'User', id: 'ME' }],
  }),
}));

export const {
  useLoginMutation,
  useLoginTwoFactorMutation,
  useRegisterMutation,
  useLogoutMutation,
  useGetMeQuery,
  useRequestPasswordResetMutation,
  useResetPasswordMutation,
  useConfirmEmailMutation,
} = authApi;
