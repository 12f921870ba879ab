import { apiPaths } from '@shop/contract/api-paths';
import type { SavedChoice, WishlistItem, WishlistResponse, WishlistSaveResponse } from '@shop/contract/wishlist';
import { type ApiMessage, apiPath, injectEndpoints } from '../../lib/base-api';
import { accountListRead } from './wishlist.slice';

/** A saved item's choice: what the hearts compare. */
export const choiceOf = (item: Pick<WishlistItem, 'productId' | 'colour' | 'size'>): SavedChoice => ({
  productId: item.productId,
  colour: item.colour,
  size: item.size,
});

/** The query string naming one saved item; a colour or size left open is left out. */
function removeQuery(choice: SavedChoice): string {
  const query = new URLSearchParams({ productId: choice.productId });
  if (choice.colour) query.set('colour', choice.colour);
  if (choice.size) query.set('size', choice.size);
  return query.toString();
}

/** The account's list, read or merged: the hearts show what it holds. */
async function heartsFollow(
  dispatch: (action: ReturnType<typeof accountListRead>) => unknown,
  answered: Promise<{ data: WishlistResponse }>,
) {
  try {
    const { data } = await answered;
    dispatch(accountListRead(data.items.map(choiceOf)));
  } catch {
    // A failed read leaves the hearts as they were; the page says why.
  }
}

export const wishlistApi = injectEndpoints((build) => ({
  getWishlist: build.query<WishlistResponse, void>({
    query: () => apiPath(apiPaths.wishlist),
    providesTags: ['Wishlist'],
    onQueryStarted: (_arg, { dispatch, queryFulfilled }) => heartsFollow(dispatch, queryFulfilled),
  }),
  // A guest's list as the wishlist shows it; nothing is saved, so it is a query, sent as a body.
  lookUpWishlist: build.query<WishlistResponse, SavedChoice[]>({
    query: (items) => ({ url: apiPath(apiPaths.wishlistLookup), method: 'POST', body: { items } }),
  }),
  saveToWishlist: build.mutation<WishlistSaveResponse, SavedChoice>({
    query: (body) => ({ url: apiPath(apiPaths.wishlist), method: 'POST', body }),
    invalidatesTags: ['Wishlist'],
  }),
  removeFromWishlist: build.mutation<ApiMessage, SavedChoice>({
    query: (choice) => ({ url: `${apiPath(apiPaths.wishlist)}?${removeQuery(choice)}`, method: 'DELETE' }),
    invalidatesTags: ['Wishlist'],
  }),
  mergeWishlist: build.mutation<WishlistResponse, SavedChoice[]>({
    query: (items) => ({ url: apiPath(apiPaths.wishlistMerge), method: 'POST', body: { items } }),
    invalidatesTags: ['Wishlist'],
    onQueryStarted: (_arg, { dispatch, queryFulfilled }) => heartsFollow(dispatch, queryFulfilled),
  }),
}));

export const { useGetWishlistQuery, useLookUpWishlistQuery, useMergeWishlistMutation } = wishlistApi;
