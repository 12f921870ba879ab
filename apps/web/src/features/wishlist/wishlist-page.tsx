import type { WishlistItem } from '@shop/contract/wishlist';
import { savedChoiceKey } from '@shop/contract/wishlist-choice';
import { useState } from 'react';
import { useSelector, useStore } from 'react-redux';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { buttonClass } from '../../ui/button';
import { QueryState } from '../../ui/dashboard-kit/query-state';
import { LinesSkeleton } from '../../ui/skeleton';
import { EmptyState } from '../../ui/status-message';
import { usePageMeta } from '../../ui/use-page-meta';
import { useWishlistChanges } from './use-wishlist-changes';
import { choiceOf, useGetWishlistQuery, useLookUpWishlistQuery } from './wishlist.api';
import { type StateWithWishlist, savedChoicesOf } from './wishlist.slice';
import { type MoveToCartLine, WishlistItemRow } from './wishlist-item-row';
import { savedItemName } from './wishlist-names';

interface WishlistPageProps {
  signedIn: boolean;
  /** Puts the line in the cart; true when it is there now (added, or there already): it then leaves the wishlist. */
  onMoveToCart: (line: MoveToCartLine) => boolean;
}

const NO_ITEMS = { items: [] as WishlistItem[] };

/**
 * The saved items: a customer's from the account, a guest's as this browser keeps them (read from the
 * shop once, when the page opens). An item taken off leaves the page at once.
 */
function useSavedItems(signedIn: boolean) {
  const store = useStore<StateWithWishlist>();
  const [guestAtOpen] = useState(() => store.getState().wishlist.guest);
  const account = useGetWishlistQuery(undefined, { skip: !signedIn, refetchOnMountOrArgChange: true });
  const guest = useLookUpWishlistQuery(guestAtOpen, { skip: signedIn || guestAtOpen.length === 0 });
  const saved = useSelector((state: StateWithWishlist) => savedChoicesOf(state, signedIn));
  const accountRead = useSelector((state: StateWithWishlist) => state.wishlist.account !== null);
  const query = signedIn ? account : guestAtOpen.length === 0 ? { ...guest, data: NO_ITEMS } : guest;
  const keys = new Set(saved.map(savedChoiceKey));
  const kept = (data: { items: WishlistItem[] }) =>
    signedIn && !accountRead ? data.items : data.items.filter((item) => keys.has(savedChoiceKey(choiceOf(item))));
  return { ...query, data: query.data && kept(query.data) };
}

/** /wishlist: what the shopper saved for later, with its price and stock now, to move to the cart or take off. */
export function WishlistPage({ signedIn, onMoveToCart }: WishlistPageProps) {
  usePageMeta('Your wishlist', 'The products you saved for later, with their prices and what is in stock.');
  const query = useSavedItems(signedIn);
  const { remove } = useWishlistChanges(signedIn);
  const nameOf = (item: WishlistItem) => savedItemName(item.name, item.colourName ?? item.colour, item.size);
  const count = query.data?.length ?? 0;
  return (
    <div className="container-page py-10 sm:py-14">
      <div className="flex flex-wrap items-end justify-between gap-3 border-b border-sand pb-5">
        <div>
          <p className="eyebrow">Saved for later</p>
          <h1 className="mt-2 font-display text-4xl text-ink">Your wishlist</h1>
        </div>
        {count > 0 && (
          <p className="text-sm text-muted">
            {count} {count === 1 ? 'item' : 'items'}
          </p>
        )}
      </div>
      {!signedIn && (
        <p className="mt-4 text-sm text-muted">
          Your wishlist is kept in this browser.{' '}
          <Link to={paths.login.href()} className="text-ink underline underline-offset-4 hover:text-clay">
            Log in
          </Link>{' '}
          to keep it in your account.
        </p>
      )}
      <div className="mt-6">
        <QueryState
          query={query}
          loading={<LinesSkeleton label="Loading your wishlist" widths={['w-2/3', 'w-1/2', 'w-3/4', 'w-1/3']} />}
          failed={{ title: 'Your wishlist could not be loaded.', reason: true }}
          empty={
            <EmptyState title="Your wishlist is empty">
              <p>Tap the heart on a product to keep it here for later.</p>
              <Link to={paths.shop.href()} className={buttonClass('primary', 'sm', 'mt-6')}>
                Shop now
              </Link>
            </EmptyState>
          }
        >
          {(items) => (
            <ul className="divide-y divide-sand">
              {items.map((item) => (
                <li key={savedChoiceKey(choiceOf(item))}>
                  <WishlistItemRow
                    item={item}
                    onMoveToCart={(moved, line) => {
                      if (onMoveToCart(line)) void remove([choiceOf(moved)], nameOf(moved), { quiet: true });
                    }}
                    onRemove={(removed) => void remove([choiceOf(removed)], nameOf(removed))}
                  />
                </li>
              ))}
            </ul>
          )}
        </QueryState>
      </div>
    </div>
  );
}
