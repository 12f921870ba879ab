import type { MouseEvent } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { buttonClass } from '../../ui/button';
import type { ProductGridProps } from '../../ui/product-grid';
import { TrendingGrid } from './trending-products';

interface SearchNoResultsProps extends Pick<ProductGridProps, 'onAddToCart'> {
  /** The closest text that would find something, when the server knows one. */
  didYouMean: string | undefined;
  /** Searches for other text, as if the shopper had typed it. */
  onSearch: (text: string) => void;
}

export const searchHref = (text: string) => `${paths.search.href()}?${new URLSearchParams({ q: text })}`;

/**
 * A search that found nothing: the closest text that would find something, and the shop's popular pieces, so
 * the shopper is never left at a dead end.
 */
export function SearchNoResults({ didYouMean, onSearch, onAddToCart }: SearchNoResultsProps) {
  const searchInstead = (event: MouseEvent<HTMLAnchorElement>, text: string) => {
    event.preventDefault();
    onSearch(text);
  };
  return (
    <>
      <div className="flex flex-col items-center gap-5 py-16 text-center">
        <p role="status" className="text-muted">
          No products match your search. Please try again.
          {didYouMean && (
            <span className="mt-2 block text-ink">
              Did you mean{' '}
              <Link
                to={searchHref(didYouMean)}
                onClick={(event) => searchInstead(event, didYouMean)}
                className="font-medium text-clay underline underline-offset-4 hover:text-clay-dark"
              >
                {didYouMean}
              </Link>
              ?
            </span>
          )}
        </p>
        <Link to={paths.shop.href()} className={buttonClass('outline')}>
          Browse the whole shop
        </Link>
      </div>
      <section aria-labelledby="popular-products" className="border-t border-sand pt-10">
        <h2 id="popular-products" className="mb-8 text-center font-display text-3xl text-ink">
          Popular products
        </h2>
        <TrendingGrid onAddToCart={onAddToCart} empty={null} />
      </section>
    </>
  );
}
