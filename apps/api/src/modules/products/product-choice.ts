import type { Category, Color } from '@shop/contract/constants';
import type { ProductListQuery } from '@shop/contract/products';
import { priceRangeOf } from '@shop/contract/shop-params';
import { invalid } from '../../platform/errors';
import type { ProductFilter } from './product-list.queries';

// What a shopper chose on the list: facets that may each hold several values, and the price bounds.

export interface PriceBand {
  minCents: number;
  /** Open-ended when absent; the band holds prices below it. */
  maxCents?: number | undefined;
}

export interface ProductChoice {
  categories?: Category[] | undefined;
  colors?: Color[] | undefined;
  /** Products that come in any of these sizes (one that can still be bought, with `inStock`). */
  sizes?: string[] | undefined;
  inStock?: boolean | undefined;
  minPriceCents?: number | undefined;
  maxPriceCents?: number | undefined;
  /** Any of these bands. */
  priceBands?: PriceBand[] | undefined;
}

export type Facet = 'category' | 'color' | 'size' | 'price';

/** Price bounds are inclusive; a bound in fractions of a cent keeps only whole cents inside it. */
function priceBoundsInCents({ minPrice, maxPrice }: ProductListQuery) {
  if (minPrice !== undefined && maxPrice !== undefined && minPrice > maxPrice) {
    throw invalid('minPrice must not be greater than maxPrice');
  }
  return {
    minPriceCents: minPrice === undefined ? undefined : Math.ceil(minPrice * 100 - 1e-6),
    maxPriceCents: maxPrice === undefined ? undefined : Math.floor(maxPrice * 100 + 1e-6),
  };
}

/** A band of the shop's price bands (`50-100`) in cents: from its lower bound, below its upper one. */
export function priceBandOf(key: string): PriceBand {
  const range = priceRangeOf(key);
  if (!range) throw invalid(`Unknown price band ${key}`);
  return { minCents: range.min * 100, maxCents: range.max === undefined ? undefined : range.max * 100 };
}

export function choiceOf(query: ProductListQuery): ProductChoice {
  return {
    categories: query.category,
    colors: query.color,
    sizes: query.size,
    inStock: query.inStock,
    ...priceBoundsInCents(query),
    priceBands: query.price?.map(priceBandOf),
  };
}

/** The same choice without one facet's: a facet's counts say what each of its values would give. */
export function withoutFacet(choice: ProductChoice, facet: Facet): ProductChoice {
  const key = ({ category: 'categories', color: 'colors', size: 'sizes', price: 'priceBands' } as const)[facet];
  return { ...choice, [key]: undefined };
}

/**
 * The choice as the list's prepared queries take it, when it holds at most one value of each facet and no
 * price band: the shop's usual browsing, read along the indexes those queries were made for.
 */
export function singleFilterOf(choice: ProductChoice): ProductFilter | undefined {
  const { categories, colors, sizes, priceBands } = choice;
  if ([categories, colors, sizes].some((values) => (values?.length ?? 0) > 1) || priceBands?.length) return undefined;
  return {
    category: categories?.[0],
    color: colors?.[0],
    size: sizes?.[0],
    inStock: choice.inStock,
    minPriceCents: choice.minPriceCents,
    maxPriceCents: choice.maxPriceCents,
  };
}
