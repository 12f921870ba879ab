import { apiPaths } from '@shop/contract/api-paths';
import type { PostReviewRequest, Review } from '@shop/contract/reviews';
import { apiPath, injectEndpoints } from '../../lib/base-api';

export const reviewsApi = injectEndpoints((build) => ({
  postReview: build.mutation<{ message: string; review: Review }, PostReviewRequest>({
    query: (body) => ({ url: apiPath(apiPaths.postReview), method: 'POST', body }),
    // The product page (its rating and reviews), the review lists and the stats all change.
    invalidatesTags: (_result, _error, { productId }) => [
      { type: 'Product', id: productId },
      { type: 'Review', id: `PRODUCT-${productId}` },
      { type: 'Review', id: 'LIST' },
      'Stats',
    ],
  }),
}));

export const { usePostReviewMutation } = reviewsApi;
