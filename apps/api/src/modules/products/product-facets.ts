import { CATEGORIES, COLORS } from '@shop/contract/constants';
import { ALL_SIZES } from '@shop/contract/inventory';
import type { ProductFacetsResponse, ProductListQuery } from '@shop/contract/products';
import { PRICE_BAND_KEYS } from '@shop/contract/shop-params';
import { and, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import type { IndexedCatalogue } from './indexed-catalogue';
import { facetsOfMatching } from './indexed-catalogue-answers';
import { choiceOf, type Facet, priceBandOf, withoutFacet } from './product-choice';
import { choiceWhere, countByCategory, countByColour, countByPriceBand, countBySize } from './product-choice.queries';
import { matchSearchText } from './product-search';
import { hasEveryWord } from './product-search.queries';

const PRICE_BANDS = PRICE_BAND_KEYS.map(priceBandOf);

/** Every value of a facet in the shop's order, with its count (0 for a value no product has). */
function inOrder<T extends string>(values: readonly T[], rows: readonly { value: string; count: number }[]) {
  const counts = new Map(rows.map((row) => [row.value, Number(row.count)]));
  return values.map((value) => ({ value, count: counts.get(value) ?? 0 }));
}

/**
 * How many products each value of each facet has under the list's search and choice: within a facet the
 * values are alternatives, so its own choice is left out of its counts; across facets they narrow together.
 */
export async function productFacets(
  db: Queryable,
  query: ProductListQuery,
  catalogue?: IndexedCatalogue,
): Promise<ProductFacetsResponse> {
  const choice = choiceOf(query);
  // Without search text the catalogue index, when it is up to date, counts them all without a query.
  if (catalogue && !query.q) return facetsOfMatching(catalogue, choice);
  const matched = query.q ? await matchSearchText(db, query.q) : undefined;
  // Search text that matches no catalogue word finds nothing, whatever the facet.
  const searched = matched === undefined ? undefined : matched.length > 0 ? hasEveryWord(matched) : sql`false`;
  const whereFor = (facet: Facet) => and(searched, choiceWhere(withoutFacet(choice, facet)));
  const [categories, colors, sizes, bands] = await Promise.all([
    countByCategory(db, whereFor('category')),
    countByColour(db, whereFor('color'), choice),
    countBySize(db, whereFor('size'), choice.inStock ?? false, choice.colors),
    countByPriceBand(db, whereFor('price'), PRICE_BANDS),
  ]);
  return {
    category: inOrder(CATEGORIES, categories),
    color: inOrder(COLORS, colors),
    size: inOrder(ALL_SIZES, sizes),
    price: PRICE_BAND_KEYS.map((value, i) => ({ value, count: bands[i] ?? 0 })),
  };
}
