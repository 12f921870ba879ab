import { messageResponseSchema } from '@shop/contract/common';
import {
  TWO_FACTOR_MESSAGES,
  twoFactorConfirmRequestSchema,
  twoFactorConfirmResponseSchema,
  twoFactorDisableRequestSchema,
  twoFactorSetupResponseSchema,
  twoFactorStatusSchema,
} from '@shop/contract/two-factor';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf } from '../../platform/context';
import { confirmEnrolment, disableTwoFactor, startEnrolment, twoFactorStatus } from './two-factor.service';

/**
 * The account's own second factor, for any signed-in account. Customer-level on purpose: with
 * ADMIN_REQUIRE_2FA an admin without one is refused admin calls, never these.
 */
export const twoFactorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/two-factor',
    { config: { auth: 'customer' }, schema: { tags: ['auth'], response: { 200: twoFactorStatusSchema } } },
    async (request) => twoFactorStatus(contextOf(request)),
  );

  app.post(
    '/two-factor/setup',
    { config: { auth: 'customer' }, schema: { tags: ['auth'], response: { 200: twoFactorSetupResponseSchema } } },
    async (request, reply) => {
      // The secret is shown once: no cache keeps it.
      reply.header('Cache-Control', 'no-store');
      return startEnrolment(contextOf(request));
    },
  );

  app.post(
    '/two-factor/confirm',
    {
      config: { auth: 'customer' },
      schema: {
        tags: ['auth'],
        body: twoFactorConfirmRequestSchema,
        response: { 200: twoFactorConfirmResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      return confirmEnrolment(contextOf(request), app.deps.rateLimiter, request.body.code);
    },
  );

  app.post(
    '/two-factor/disable',
    {
      config: { auth: 'customer' },
      schema: { tags: ['auth'], body: twoFactorDisableRequestSchema, response: { 200: messageResponseSchema } },
    },
    async (request) => {
      await disableTwoFactor(contextOf(request), app.deps.rateLimiter, request.body);
      return { message: TWO_FACTOR_MESSAGES.disabled };
    },
  );
};
