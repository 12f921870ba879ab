import { idParamsSchema } from '@shop/contract/common';
import {
  DISCOUNT_MESSAGES,
  discountCheckRequestSchema,
  discountCheckResponseSchema,
  discountCodeInputSchema,
  discountCodeListQuerySchema,
  discountCodeListResponseSchema,
  discountCodeResponseSchema,
  discountCodeSchema,
  discountPauseRequestSchema,
} from '@shop/contract/discounts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf } from '../../platform/context';
import { checkDiscount, createCode, editCode, getCode, listCodes, setCodePaused } from './discounts.service';

const tags = ['discounts'];

/** The owner's discount codes (admin only), and the cart panel's check of a code against a cart. */
export const discountsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/',
    {
      config: { auth: 'admin' },
      schema: { tags, querystring: discountCodeListQuerySchema, response: { 200: discountCodeListResponseSchema } },
    },
    async (request) => listCodes(contextOf(request), request.query),
  );

  app.post(
    '/',
    {
      config: { auth: 'admin' },
      schema: { tags, body: discountCodeInputSchema, response: { 201: discountCodeResponseSchema } },
    },
    async (request, reply) => {
      const code = await createCode(contextOf(request), request.body);
      return reply.status(201).send({ message: DISCOUNT_MESSAGES.created, code });
    },
  );

  app.post(
    '/check',
    {
      config: { auth: 'public' },
      schema: { tags, body: discountCheckRequestSchema, response: { 200: discountCheckResponseSchema } },
    },
    async (request) => checkDiscount({ ...contextOf(request), rateLimiter: app.deps.rateLimiter }, request.body),
  );

  app.get(
    '/:id',
    {
      config: { auth: 'admin' },
      schema: { tags, params: idParamsSchema, response: { 200: discountCodeSchema } },
    },
    async (request) => getCode(contextOf(request), request.params.id),
  );

  app.put(
    '/:id',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        params: idParamsSchema,
        body: discountCodeInputSchema,
        response: { 200: discountCodeResponseSchema },
      },
    },
    async (request) => {
      const code = await editCode(contextOf(request), request.params.id, request.body);
      return { message: DISCOUNT_MESSAGES.updated, code };
    },
  );

  app.patch(
    '/:id/paused',
    {
      config: { auth: 'admin' },
      schema: {
        tags,
        params: idParamsSchema,
        body: discountPauseRequestSchema,
        response: { 200: discountCodeResponseSchema },
      },
    },
    async (request) => {
      const code = await setCodePaused(contextOf(request), request.params.id, request.body.paused);
      return { message: code.paused ? DISCOUNT_MESSAGES.nowPaused : DISCOUNT_MESSAGES.nowResumed, code };
    },
  );
};
