import type { UserReview } from '@shop/contract/reviews';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { useDashboardUser } from '../../ui/dashboard-kit/dashboard-user';
import { QueryPage } from '../../ui/dashboard-kit/query-page';
import { formatDate } from '../../ui/dashboard-kit/table-format';
import { PlusIcon } from '../../ui/icons';
import { ProductImage } from '../../ui/product-image';
import { RatingStars } from '../../ui/rating-stars';
import { Skeleton } from '../../ui/skeleton';
import { FRESH, useGetUserReviewsQuery } from './account.api';

const GRID = 'grid gap-5 sm:grid-cols-2 xl:grid-cols-3';

function ReviewCard({ review }: { review: UserReview }) {
  return (
    <article className="flex h-full flex-col rounded-2xl border border-sand bg-white p-5">
      <div className="flex items-center gap-4">
        <ProductImage
          src={review.product.image}
          alt=""
          width={64}
          height={80}
          sizes="64px"
          className="h-20 w-16 shrink-0 rounded-lg"
        />
        <div className="min-w-0">
          <h2 className="font-display text-lg leading-snug text-ink">
            <Link to={paths.product.href(review.product._id)} className="hover:text-clay">
              {review.product.name}
            </Link>
          </h2>
          <RatingStars value={review.rating} className="mt-1.5" />
        </div>
      </div>
      <p className="mt-4 flex-1 text-sm leading-relaxed whitespace-pre-line text-ink">{review.comment}</p>
      <p className="mt-4 text-xs text-muted">
        <time dateTime={review.updatedAt}>{formatDate(review.updatedAt)}</time>
      </p>
    </article>
  );
}

/** A tile leading to /shop, where every product page takes a review. */
function AddReviewTile() {
  return (
    <Link
      to={paths.shop.href()}
      className="flex h-full min-h-48 flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed border-taupe p-5 text-center text-muted transition-colors hover:border-clay hover:text-clay"
    >
      <span aria-hidden="true" className="grid size-12 place-items-center rounded-full bg-clay-soft text-clay">
        <PlusIcon strokeWidth="1.8" />
      </span>
      <span className="font-display text-lg text-ink">Add New Review</span>
      <span className="text-xs">Pick a product in the shop to review it.</span>
    </Link>
  );
}

export function UserReviewsPage() {
  const user = useDashboardUser();
  const query = useGetUserReviewsQuery(user._id, FRESH);

  return (
    <QueryPage
      eyebrow="My account"
      title="Your Reviews"
      description="What you said about the pieces you tried."
      query={query}
      loading={
        <div role="status" aria-label="Loading your reviews" className={GRID}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-48 rounded-2xl" />
          ))}
        </div>
      }
      failed={{ title: 'You have no reviews', reason: 'The reviews could not be loaded.' }}
    >
      {({ reviews }) => (
        <>
          {!reviews.length && <p className="mb-6 font-display text-2xl text-ink">No reviews found.</p>}
          <ul className={GRID}>
            {reviews.map((review) => (
              <li key={review._id}>
                <ReviewCard review={review} />
              </li>
            ))}
            <li>
              <AddReviewTile />
            </li>
          </ul>
        </>
      )}
    </QueryPage>
  );
}
