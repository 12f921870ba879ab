import { idParamsSchema, messageResponseSchema } from '@shop/contract/common';
import {
  editProfileRequestSchema,
  editProfileResponseSchema,
  roleUpdateRequestSchema,
  roleUpdateResponseSchema,
  usersListResponseSchema,
} from '@shop/contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf } from '../../platform/context';
import { savedAddressRoutes } from './saved-address.routes';
import { changeRole, deleteUser, editProfile, listUsers } from './users.service';

/** Mounted under /api/auth, the path under which the web app calls for users (GET /api/auth/users, ...). */
export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(savedAddressRoutes);

  app.get(
    '/users',
    { config: { auth: 'admin' }, schema: { tags: ['users'], response: { 200: usersListResponseSchema } } },
    async (request) => listUsers(contextOf(request)),
  );

  app.put(
    '/users/:id',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['users'],
        params: idParamsSchema,
        body: roleUpdateRequestSchema,
        response: { 200: roleUpdateResponseSchema },
      },
    },
    async (request) => {
      const user = await changeRole(contextOf(request), request.params.id, request.body.role);
      return { message: 'User role updated successfully', user };
    },
  );

  app.delete(
    '/users/:id',
    {
      config: { auth: 'admin' },
      schema: { tags: ['users'], params: idParamsSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await deleteUser(contextOf(request), request.params.id);
      return { message: 'User deleted successfully' };
    },
  );

  app.patch(
    '/edit-profile',
    {
      config: { auth: 'customer' },
      schema: { tags: ['users'], body: editProfileRequestSchema, response: { 200: editProfileResponseSchema } },
    },
    async (request) => {
      const user = await editProfile(contextOf(request), request.body);
      return { message: 'Profile updated successfully', user };
    },
  );
};
