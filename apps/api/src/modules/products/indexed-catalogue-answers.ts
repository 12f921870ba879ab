import { CATEGORIES, COLORS, type ProductSort } from '@shop/contract/constants';
import { ALL_SIZES } from '@shop/contract/inventory';
import type { ProductFacetsResponse } from '@shop/contract/products';
import { PRICE_BAND_KEYS } from '@shop/contract/shop-params';
import { sizeOfColourSlot } from './catalogue-index.queries';
import type { IndexedCatalogue } from './indexed-catalogue';
import { type Facet, type ProductChoice, priceBandOf, withoutFacet } from './product-choice';
import { COUNT_LIMIT } from './product-list.queries';
import { ProductSet } from './product-set';

// The list's answers from the catalogue index: the same products, order and counts as the database's
// queries (product-choice.queries.ts) give, without reading them.

const placesOf = <T extends string>(all: readonly T[], chosen: readonly T[]) =>
  chosen.map((value) => all.indexOf(value)).filter((at) => at !== -1);

const sizePlaces = (sizes: readonly string[]) => placesOf(ALL_SIZES as readonly string[], sizes);

/**
 * The sets whose union is the products with a size of the choice: of one of its sizes, when it has some;
 * of one of its colours, when it has some; one that can still be bought, with `inStock`.
 */
function sizedGroup(catalogue: IndexedCatalogue, choice: ProductChoice): ProductSet[] {
  const sets = choice.inStock ? catalogue.inStock : catalogue.sizes;
  const sizes = choice.sizes?.length ? sizePlaces(choice.sizes) : undefined;
  const colours = choice.colors?.length ? placesOf(COLORS, choice.colors) : undefined;
  if (sizes && colours) {
    const pairs = colours.flatMap((colour) => sizes.map((size) => sets.ofColour[sizeOfColourSlot(colour, size)]));
    return pairs.filter((set) => set !== undefined);
  }
  if (sizes) return sizes.map((size) => sets.bySize[size] as ProductSet);
  if (colours) return colours.map((colour) => sets.byColour[colour] as ProductSet);
  return [sets.any];
}

/** Products with a size of the choice (`sizedGroup`), as one set. */
const sized = (catalogue: IndexedCatalogue, choice: ProductChoice) =>
  ProductSet.inEveryGroup(catalogue.size, [sizedGroup(catalogue, choice)]);

/** Whole cents from `minCents` up to `maxCents` inclusive, the list's price bounds. */
function priced(catalogue: IndexedCatalogue, choice: ProductChoice): ProductSet | undefined {
  const { minPriceCents, maxPriceCents } = choice;
  if (minPriceCents === undefined && maxPriceCents === undefined) return undefined;
  return catalogue.pricedWithin(minPriceCents ?? 0, maxPriceCents === undefined ? undefined : maxPriceCents + 1);
}

/** The products matching the choice, as `choiceWhere` finds them: each facet's values ORed, the facets ANDed. */
export function matching(catalogue: IndexedCatalogue, choice: ProductChoice): ProductSet {
  const { categories, colors, sizes, priceBands } = choice;
  const groups: ProductSet[][] = [];
  if (categories?.length)
    groups.push(placesOf(CATEGORIES, categories).map((at) => catalogue.categories[at] as ProductSet));
  if (colors?.length) groups.push(placesOf(COLORS, colors).map((at) => catalogue.colours[at] as ProductSet));
  if (sizes?.length || choice.inStock) groups.push(sizedGroup(catalogue, choice));
  const bounds = priced(catalogue, choice);
  if (bounds) groups.push([bounds]);
  if (priceBands?.length) groups.push(priceBands.map((band) => catalogue.pricedWithin(band.minCents, band.maxCents)));
  return ProductSet.inEveryGroup(catalogue.size, groups);
}

/** One page of the matching products' ids in the sort's order, and how many match (up to COUNT_LIMIT). */
export function pageOfMatching(
  catalogue: IndexedCatalogue,
  choice: ProductChoice,
  page: { sort: ProductSort; limit: number; offset: number },
): { ids: string[]; total: number } {
  const set = matching(catalogue, choice);
  const order = {
    newest: catalogue.newest,
    price_asc: catalogue.cheapest,
    price_desc: catalogue.cheapest,
    rating: catalogue.bestRated,
  }[page.sort];
  const backwards = page.sort === 'price_desc';
  const ids: string[] = [];
  let skipped = 0;
  for (let i = 0; i < order.length && ids.length < page.limit; i++) {
    const slot = order[backwards ? order.length - 1 - i : i] as number;
    if (!set.has(slot)) continue;
    if (skipped < page.offset) skipped++;
    else ids.push(catalogue.ids[slot] as string);
  }
  return { ids, total: Math.min(set.count(), COUNT_LIMIT) };
}

/** Products each colour counts under a choice with sizes or `inStock`: those with such a size of that colour. */
function colourSets(catalogue: IndexedCatalogue, choice: ProductChoice): ProductSet[] {
  if (!choice.sizes?.length && !choice.inStock) return catalogue.colours;
  return COLORS.map((colour) => sized(catalogue, { ...choice, colors: [colour] }));
}

/** Products each size counts: that size, of one of the chosen colours, that can still be bought with `inStock`. */
const sizeSets = (catalogue: IndexedCatalogue, choice: ProductChoice) =>
  ALL_SIZES.map((size) => sized(catalogue, { colors: choice.colors, inStock: choice.inStock, sizes: [size] }));

/** How many products each value of each facet has, as `productFacets` counts them without search text. */
export function facetsOfMatching(catalogue: IndexedCatalogue, choice: ProductChoice): ProductFacetsResponse {
  const without = (facet: Facet) => matching(catalogue, withoutFacet(choice, facet));
  const counted = <T extends string>(values: readonly T[], base: ProductSet, members: readonly ProductSet[]) =>
    values.map((value, i) => ({ value, count: base.countWith(members[i] as ProductSet) }));
  const bands = PRICE_BAND_KEYS.map(priceBandOf).map((band) => catalogue.pricedWithin(band.minCents, band.maxCents));
  return {
    category: counted(CATEGORIES, without('category'), catalogue.categories),
    color: counted(COLORS, without('color'), colourSets(catalogue, choice)),
    size: counted(ALL_SIZES, without('size'), sizeSets(catalogue, choice)),
    price: counted(PRICE_BAND_KEYS, without('price'), bands),
  };
}
