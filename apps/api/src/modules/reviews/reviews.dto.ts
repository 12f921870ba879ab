import { FORMER_CUSTOMER_NAME, type Review, type UserReview } from '@shop/contract/reviews';
import type { reviews } from '../../db/schema';

export type ReviewRow = typeof reviews.$inferSelect;

/** A review with its author's name; the author is null when their account was deleted. */
export function toReviewDto(row: ReviewRow, author: { id: string; username: string } | null): Review {
  return {
    _id: row.id,
    comment: row.comment,
    rating: row.rating,
    userId: author ? { _id: author.id, username: author.username } : { _id: null, username: FORMER_CUSTOMER_NAME },
    productId: row.productId,
    size: row.sizeBought,
    fit: row.fit,
    verified: row.verified,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function toUserReviewDto(
  row: ReviewRow,
  author: { id: string; username: string },
  product: { id: string; name: string; image: string },
): UserReview {
  return {
    ...toReviewDto(row, author),
    product: { _id: product.id, name: product.name, image: product.image },
  };
}
