import {
  postReviewRequestSchema,
  postReviewResponseSchema,
  totalReviewsResponseSchema,
  userReviewsParamsSchema,
  userReviewsResponseSchema,
} from '@shop/contract/reviews';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf } from '../../platform/context';
import * as service from './reviews.service';

export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/post-review',
    {
      config: { auth: 'customer' },
      schema: {
        body: postReviewRequestSchema,
        response: { 200: postReviewResponseSchema, 201: postReviewResponseSchema },
      },
    },
    async (request, reply) => {
      const { review, created } = await service.postReview(contextOf(request), request.body);
      return reply
        .status(created ? 201 : 200)
        .send({ message: created ? service.REVIEW_MESSAGES.created : service.REVIEW_MESSAGES.updated, review });
    },
  );

  app.get(
    '/total-reviews',
    { config: { auth: 'public' }, schema: { response: { 200: totalReviewsResponseSchema } } },
    async () => ({ totalReviews: await service.totalReviews(app.deps.db) }),
  );

  app.get(
    '/:userId',
    {
      config: { auth: 'owner-or-admin' },
      schema: { params: userReviewsParamsSchema, response: { 200: userReviewsResponseSchema } },
    },
    async (request) => service.reviewsOfUser(contextOf(request), request.params.userId),
  );
};
