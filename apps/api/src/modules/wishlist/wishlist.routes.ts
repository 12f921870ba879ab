import { messageResponseSchema } from '@shop/contract/common';
import {
  wishlistChoiceSchema,
  wishlistLookupRequestSchema,
  wishlistMergeRequestSchema,
  wishlistRemoveQuerySchema,
  wishlistResponseSchema,
  wishlistSaveResponseSchema,
} from '@shop/contract/wishlist';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf } from '../../platform/context';
import { enforceRateLimit, type RateLimitRule, rateLimitKey } from '../../platform/rate-limit';
import * as service from './wishlist.service';

/** A customer taps hearts quickly, but a script saving and removing all day is not shopping. */
const CHANGES_PER_MINUTE: RateLimitRule = { limit: 60, windowSeconds: 60, mayCountAlone: true };
/** A merge happens once per login. */
const MERGES_PER_MINUTE: RateLimitRule = { limit: 10, windowSeconds: 60, mayCountAlone: true };
/** A guest's list is read once per visit of the wishlist page. */
const LOOKUPS_PER_MINUTE: RateLimitRule = { limit: 60, windowSeconds: 60, mayCountAlone: true };

export const WISHLIST_ANSWERS = { saved: 'Saved to your wishlist', removed: 'Removed from your wishlist' } as const;

export const wishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  /** Counts a write of the session's customer (or, for a guest's read, of the address) against its rule. */
  const limit = (request: FastifyRequest, scope: string, rule: RateLimitRule) =>
    enforceRateLimit(
      app.deps.rateLimiter,
      rateLimitKey(scope, request.user?.id ?? request.ip),
      rule,
      'wishlist changes',
    );

  app.get(
    '/',
    { config: { auth: 'customer' }, schema: { response: { 200: wishlistResponseSchema } } },
    async (request, reply) => {
      reply.header('Cache-Control', 'private, no-store');
      return service.wishlistOf(contextOf(request));
    },
  );

  app.post(
    '/',
    {
      config: { auth: 'customer' },
      schema: {
        body: wishlistChoiceSchema,
        response: { 200: wishlistSaveResponseSchema, 201: wishlistSaveResponseSchema },
      },
    },
    async (request, reply) => {
      await limit(request, 'wishlist-change', CHANGES_PER_MINUTE);
      const { item, created } = await service.saveToWishlist(contextOf(request), request.body);
      return reply.status(created ? 201 : 200).send({ message: WISHLIST_ANSWERS.saved, item });
    },
  );

  app.delete(
    '/',
    {
      config: { auth: 'customer' },
      schema: { querystring: wishlistRemoveQuerySchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await limit(request, 'wishlist-change', CHANGES_PER_MINUTE);
      await service.removeFromWishlist(contextOf(request), request.query);
      return { message: WISHLIST_ANSWERS.removed };
    },
  );

  app.post(
    '/merge',
    {
      config: { auth: 'customer' },
      schema: { body: wishlistMergeRequestSchema, response: { 200: wishlistResponseSchema } },
    },
    async (request) => {
      await limit(request, 'wishlist-merge', MERGES_PER_MINUTE);
      return service.mergeIntoWishlist(contextOf(request), request.body.items);
    },
  );

  // A guest's list lives in the browser: this shows it as an account's is shown, and saves nothing.
  app.post(
    '/lookup',
    {
      config: { auth: 'public' },
      schema: { body: wishlistLookupRequestSchema, response: { 200: wishlistResponseSchema } },
    },
    async (request) => {
      await limit(request, 'wishlist-lookup', LOOKUPS_PER_MINUTE);
      return service.lookUpWishlist(app.deps.db, request.body.items);
    },
  );
};
