import { z } from 'zod';
import { idSchema, numberOrDecimalText, timestampSchema } from './common';
import { RATING_MAX, RATING_MIN, REVIEW_COMMENT_MAX } from './constants';
import { FIT_ANSWERS } from './fit';
import { sizeSchema } from './inventory';

export const reviewAuthorSchema = z.object({ _id: idSchema.nullable(), username: z.string() });

export const reviewSchema = z.object({
  _id: idSchema,
  comment: z.string(),
  rating: z.number().int(),
  userId: reviewAuthorSchema,
  productId: idSchema,
  /** The size the reviewer bought, when they said. */
  size: z.string().nullable(),
  /** How it fits them, when they said. */
  fit: z.enum(FIT_ANSWERS).nullable(),
  /** The author had ordered the product when the review was written: set by the shop, never by the client. */
  verified: z.boolean(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
});
export type Review = z.infer<typeof reviewSchema>;

export const postReviewRequestSchema = z.object({
  comment: z
    .string({ message: 'Comment is required' })
    .trim()
    .min(1, 'Comment is required')
    .max(REVIEW_COMMENT_MAX, `Comment must be at most ${REVIEW_COMMENT_MAX} characters`),
  rating: numberOrDecimalText('Rating')
    .pipe(
      z
        .number()
        .int('Rating must be a whole number')
        .min(RATING_MIN, `Rating must be between ${RATING_MIN} and ${RATING_MAX}`)
        .max(RATING_MAX, `Rating must be between ${RATING_MIN} and ${RATING_MAX}`),
    )
    .meta({ description: `A whole number of stars from ${RATING_MIN} to ${RATING_MAX}, or the same as text ("4")` }),
  productId: idSchema,
  /** One of the product's sizes, or left out (an empty or null choice of the form counts as left out). */
  size: z
    .string({ message: 'Size must be text' })
    .nullish()
    .transform((size) => size || undefined)
    .pipe(sizeSchema.optional()),
  fit: z
    .string({ message: 'Fit must be text' })
    .nullish()
    .transform((fit) => fit || undefined)
    .pipe(z.enum(FIT_ANSWERS, { message: 'Choose how it fits: runs small, true to size or runs large' }).optional()),
  /** Sent by the web app; the author is always the session's user, so it must match when present. */
  userId: idSchema.optional(),
});
export type PostReviewRequest = z.infer<typeof postReviewRequestSchema>;

export const postReviewResponseSchema = z.object({ message: z.string(), review: reviewSchema });

export const userReviewsParamsSchema = z.object({ userId: idSchema });

export const totalReviewsResponseSchema = z.object({ totalReviews: z.number().int() });

export const userReviewSchema = reviewSchema.extend({
  product: z.object({ _id: idSchema, name: z.string(), image: z.string() }),
});
export type UserReview = z.infer<typeof userReviewSchema>;
/** A user's reviews, newest first, under `reviews` as the product detail gives a product's. */
export const userReviewsResponseSchema = z.object({ reviews: z.array(userReviewSchema) });
export type UserReviewsResponse = z.infer<typeof userReviewsResponseSchema>;

export const REVIEW_FIT_MESSAGES = {
  unknownSize: (size: string) => `This product does not come in size ${size}`,
} as const;

/** How a review by a deleted account is shown. */
export const FORMER_CUSTOMER_NAME = 'Former customer';
