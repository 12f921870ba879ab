import { FIT_ANSWER_LABELS } from '@shop/contract/fit';
import type { Review } from '@shop/contract/reviews';
import type { User } from '@shop/contract/users';
import { useState } from 'react';
import { Button } from '../../ui/button';
import { formatMediumDate } from '../../ui/format-date';
import { RatingStars } from '../../ui/rating-stars';
import { AddReviewModal } from './add-review-modal';

interface ReviewsSectionProps {
  productId: string;
  /** The sizes the product is sold in, for the review form's "Size bought". */
  sizes: readonly string[];
  reviews: readonly Review[];
  /** All reviews of the product; the list holds the newest ones only. */
  total: number;
  user: User | null;
  /** Called instead of opening the form when nobody is logged in: reviews are posted by an account. */
  onLoginNeeded: () => void;
}

export function ReviewsSection({ productId, sizes, reviews, total, user, onLoginNeeded }: ReviewsSectionProps) {
  const [open, setOpen] = useState(false);
  return (
    <section aria-labelledby="reviews-title" className="border-t border-sand pt-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="reviews-title" className="section-title">
            Reviews
          </h2>
          <p className="mt-2 text-sm text-muted">{total === 1 ? '1 review' : `${total} reviews`} from our customers</p>
        </div>
        <Button variant="outline" onClick={() => (user ? setOpen(true) : onLoginNeeded())}>
          Add a Review
        </Button>
      </div>
      {reviews.length === 0 ? (
        <p className="mt-8 text-sm text-muted">No reviews yet.</p>
      ) : (
        <ul className="mt-8 grid gap-5 md:grid-cols-2">
          {reviews.map((review) => (
            <li key={review._id} className="rounded-2xl border border-sand bg-white p-6">
              <div className="flex items-center justify-between gap-3">
                <div className="flex items-center gap-3">
                  <span
                    aria-hidden="true"
                    className="grid size-9 place-items-center rounded-full bg-linen font-display text-sm text-ink"
                  >
                    {review.userId.username.slice(0, 1).toUpperCase()}
                  </span>
                  <div>
                    <p className="text-sm font-medium text-ink">{review.userId.username}</p>
                    <p className="text-xs text-muted">
                      <time dateTime={review.createdAt}>{formatMediumDate(new Date(review.createdAt))}</time>
                    </p>
                  </div>
                </div>
                <RatingStars value={review.rating} />
              </div>
              <ReviewFit review={review} />
              <p className="mt-4 text-sm leading-relaxed whitespace-pre-line text-ink/90">{review.comment}</p>
            </li>
          ))}
        </ul>
      )}
      {user && (
        <AddReviewModal
          open={open}
          onClose={() => setOpen(false)}
          productId={productId}
          userId={user._id}
          sizes={sizes}
        />
      )}
    </section>
  );
}

/** "Verified buyer" and "Bought M · Runs small", as much of it as the reviewer said. */
function ReviewFit({ review }: { review: Review }) {
  const said = [review.size && `Bought ${review.size}`, review.fit && FIT_ANSWER_LABELS[review.fit]].filter(Boolean);
  if (!review.verified && said.length === 0) return null;
  return (
    <p className="mt-3 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs">
      {review.verified && (
        <span className="inline-flex items-center gap-1 rounded-full bg-go/10 px-2 py-0.5 font-medium text-go-dark">
          <svg
            aria-hidden="true"
            viewBox="0 0 16 16"
            className="size-3"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M3 8.5l3 3 7-7" />
          </svg>
          Verified buyer
        </span>
      )}
      {said.length > 0 && <span className="text-muted">{said.join(' · ')}</span>}
    </p>
  );
}
