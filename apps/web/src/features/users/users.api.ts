import { apiPaths } from '@shop/contract/api-paths';
import type { Role } from '@shop/contract/constants';
import type { User } from '@shop/contract/users';
import { type ApiMessage, apiPath, injectEndpoints } from '../../lib/base-api';

/** The admin's calls on the users; the server refuses each of them to anyone but an admin. */
export const usersApi = injectEndpoints((build) => ({
  getUsers: build.query<User[], void>({
    query: () => apiPath(apiPaths.users),
    providesTags: [{ type: 'User', id: 'LIST' }],
  }),
  updateUserRole: build.mutation<ApiMessage & { user: User }, { id: string; role: Role }>({
    query: ({ id, role }) => ({ url: apiPath(apiPaths.user(id)), method: 'PUT', body: { role } }),
    invalidatesTags: [{ type: 'User', id: 'LIST' }],
  }),
  deleteUser: build.mutation<ApiMessage, string>({
    query: (id) => ({ url: apiPath(apiPaths.user(id)), method: 'DELETE' }),
    invalidatesTags: [{ type: 'User', id: 'LIST' }, 'Stats'],
  }),
}));

export const { useGetUsersQuery, useUpdateUserRoleMutation, useDeleteUserMutation } = usersApi;
