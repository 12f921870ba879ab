import { PRODUCT_MESSAGES } from '@shop/contract/products';
import {
  type PostReviewRequest,
  REVIEW_FIT_MESSAGES,
  type Review,
  type UserReviewsResponse,
} from '@shop/contract/reviews';
import type { Queryable } from '../../db/client';
import { requireAdminPower } from '../../platform/auth-guard';
import type { ServiceContext } from '../../platform/context';
import { forbidden, invalid, notFound, unauthorised } from '../../platform/errors';
import { toReviewDto, toUserReviewDto } from './reviews.dto';
import * as queries from './reviews.queries';

export const REVIEW_MESSAGES = {
  created: 'Review posted successfully',
  updated: 'Review updated successfully',
  notYours: 'You can only post reviews as yourself',
  othersReviews: 'You can only see your own reviews',
  userNotFound: 'User not found',
} as const;

/**
 * Posts the session user's review of a product, or replaces it when they reviewed it before, and
 * recomputes the product's rating in the same transaction. The size said must be one the product is
 * sold in; "verified" is the shop's own finding (the author ordered the product), never the client's word.
 */
export async function postReview(
  ctx: ServiceContext,
  input: PostReviewRequest,
): Promise<{ review: Review; created: boolean }> {
  const actor = ctx.actor;
  if (!actor) throw unauthorised();
  // The author is the session's user; a body naming someone else is refused rather than silently rewritten.
  if (input.userId !== undefined && input.userId !== actor.id) throw forbidden(REVIEW_MESSAGES.notYours);
  return ctx.db.transaction(async (tx) => {
    // Taken first, so reviews of one product serialise and each average sees every committed review.
    if (!(await queries.lockProduct(tx, input.productId))) throw notFound(PRODUCT_MESSAGES.notFound);
    const size = input.size;
    if (size !== undefined && !(await queries.sizesOfProduct(tx, input.productId)).includes(size)) {
      throw invalid(REVIEW_FIT_MESSAGES.unknownSize(size));
    }
    const { review, inserted } = await queries.upsertReview(tx, {
      userId: actor.id,
      productId: input.productId,
      comment: input.comment,
      rating: input.rating,
      sizeBought: size ?? null,
      fit: input.fit ?? null,
      verified: await queries.hasOrdered(tx, actor.id, input.productId),
    });
    await queries.refreshProductRating(tx, input.productId);
    return { review: toReviewDto(review, { id: actor.id, username: actor.username }), created: inserted };
  });
}

export async function totalReviews(db: Queryable): Promise<number> {
  return queries.countReviews(db);
}

/** A customer sees their own reviews; an admin sees anyone's. */
export async function reviewsOfUser(ctx: ServiceContext, userId: string): Promise<UserReviewsResponse> {
  const actor = ctx.actor;
  if (!actor) throw unauthorised();
  if (actor.id !== userId) requireAdminPower(ctx.adminPower, REVIEW_MESSAGES.othersReviews);
  const [username, rows] = await Promise.all([
    queries.findUsername(ctx.db, userId),
    queries.findReviewsOfUser(ctx.db, userId),
  ]);
  if (username === undefined) throw notFound(REVIEW_MESSAGES.userNotFound);
  return { reviews: rows.map((r) => toUserReviewDto(r.review, r.author, r.product)) };
}
