import { savedAddressResponseSchema, shippingAddressSchema } from '@shop/contract/delivery';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf } from '../../platform/context';
import { forgetAddress, getSavedAddress, saveAddress } from './saved-address.service';

const response = { 200: savedAddressResponseSchema };

/** GET, PUT and DELETE /address (under /api/auth): the session's own saved delivery address. */
export const savedAddressRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/address', { config: { auth: 'customer' }, schema: { tags: ['users'], response } }, async (request) => ({
    address: await getSavedAddress(contextOf(request)),
  }));

  app.put(
    '/address',
    { config: { auth: 'customer' }, schema: { tags: ['users'], body: shippingAddressSchema, response } },
    async (request) => ({ address: await saveAddress(contextOf(request), request.body) }),
  );

  app.delete('/address', { config: { auth: 'customer' }, schema: { tags: ['users'], response } }, async (request) => {
    await forgetAddress(contextOf(request));
    return { address: null };
  });
};
