import { colourOf } from '@shop/contract/colour-choice';
import type { Product, ProductColour } from '@shop/contract/products';
import { useCallback } from 'react';
import { useSearchParams } from 'react-router';

/** The query parameter that names the product page's colour, so a link, a reload or a share keeps it. */
export const COLOUR_PARAM = 'colour';

/** The address's query with the colour set, everything else it holds kept. */
export function withColour(search: URLSearchParams, colour: string): URLSearchParams {
  const next = new URLSearchParams(search);
  next.set(COLOUR_PARAM, colour);
  return next;
}

/**
 * The product page's colour, read from `?colour=` (the product's first when it names none of its own), and
 * how to choose another. Choosing replaces the address instead of adding to the history: back leaves the
 * page instead of stepping through every swatch tried.
 */
export function useChosenColour(product: Product): [ProductColour, (colour: string) => void] {
  const [search, setSearch] = useSearchParams();
  const chosen = colourOf(product, search.get(COLOUR_PARAM));
  const choose = useCallback(
    (colour: string) =>
      setSearch((current) => withColour(current, colour), { replace: true, preventScrollReset: true }),
    [setSearch],
  );
  return [chosen, choose];
}
