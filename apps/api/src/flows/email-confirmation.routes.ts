import { messageResponseSchema } from '@shop/contract/common';
import {
  confirmEmailRequestSchema,
  confirmEmailResponseSchema,
  EMAIL_CONFIRMATION_MESSAGES,
} from '@shop/contract/users';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendEmailConfirmation } from '../modules/auth/email-confirmation.service';
import { contextOf } from '../platform/context';
import { confirmEmail } from './email-confirmation';

/**
 * Under /api/auth: the mailed link's confirmation (no login needed: the link is the proof), which starts
 * the flow that hands guest orders to the account, and a new link for the signed-in account.
 */
export const emailConfirmationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/confirm-email',
    {
      config: { auth: 'public' },
      schema: { body: confirmEmailRequestSchema, response: { 200: confirmEmailResponseSchema } },
    },
    async (request) => {
      const { claimedOrders } = await confirmEmail(app.deps.db, request.body.token);
      return { message: EMAIL_CONFIRMATION_MESSAGES.confirmed, claimedOrders };
    },
  );

  app.post(
    '/email-confirmation',
    { config: { auth: 'customer' }, schema: { response: { 200: messageResponseSchema } } },
    async (request) => {
      const outcome = await sendEmailConfirmation(contextOf(request), app.deps.rateLimiter);
      return {
        message: outcome === 'sent' ? EMAIL_CONFIRMATION_MESSAGES.sent : EMAIL_CONFIRMATION_MESSAGES.alreadyConfirmed,
      };
    },
  );
};
