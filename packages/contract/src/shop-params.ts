import {
  CATEGORIES,
  type CATEGORY_FILTERS,
  type Category,
  type COLOR_FILTERS,
  COLORS,
  type Color,
  DEFAULT_SHOP_PAGE_SIZE,
  MAX_PAGE,
  PRICE_RANGES,
  type PriceRange,
  type ProductSort,
  SHOP_PAGE_SIZES,
} from './constants';
import { ALL_SIZES, type SizeLabel } from './sizes';

/**
 * The shop page's address (`/shop?category=dress&page=2`) and the product list query it makes: the
 * web app reads and writes it, the server reads it to start the page's data with its HTML. A facet holds
 * one value or several, any of which a product may have.
 */
export interface ProductListParams {
  category?: CategoryFilter | readonly Category[];
  color?: ColorFilter | readonly Color[];
  size?: SizeLabel | readonly SizeLabel[] | undefined;
  inStock?: boolean | undefined;
  /** Price bands (PRICE_BAND_KEYS), any of which a product's price may fall in. */
  price?: readonly PriceBandKey[] | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  q?: string | undefined;
  sort?: ProductSort;
  limit?: number | undefined;
  page?: number | undefined;
}

/**
 * A query string with its lists' commas left as they are (`color=black,red`), as shoppers read and share
 * it; a comma needs no escaping in a query, and the values of a list never hold one.
 */
export const readableQuery = (search: URLSearchParams): string => search.toString().replace(/%2C/gi, ',');

/** Leaves out "all" and empty values, so the API applies its defaults and the cache key stays small. */
export function productListSearch(params: ProductListParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    const text = Array.isArray(value) ? value.join(',') : value;
    if (text === undefined || text === '' || text === 'all' || text === false) continue;
    search.set(key, String(text));
  }
  return readableQuery(search);
}

export type CategoryFilter = (typeof CATEGORY_FILTERS)[number];
export type ColorFilter = (typeof COLOR_FILTERS)[number];
export type ShopPageSize = (typeof SHOP_PAGE_SIZES)[number];

/** `50-100`, or `200-up` for the open-ended range. */
export function priceRangeKey(range: PriceRange): string {
  return `${range.min}-${range.max ?? 'up'}`;
}

/** Every price band's key, in the order the shop shows them. */
export const PRICE_BAND_KEYS = PRICE_RANGES.map(priceRangeKey) as [string, ...string[]];
export type PriceBandKey = string;

export function priceRangeOf(key: string | null): PriceRange | undefined {
  return key === null ? undefined : PRICE_RANGES.find((r) => priceRangeKey(r) === key);
}

/** The shop's filters and page, as they live in the URL so links and the back button restore them. */
export interface ShopParams {
  /** Each facet's ticked values in the shop's order; none ticked is no filter. */
  category: Category[];
  color: Color[];
  /** Sizes of any scale. */
  size: SizeLabel[];
  /** Only products with a size that can still be bought. */
  inStock: boolean;
  /** Keys of PRICE_RANGES (see priceRangeKey). */
  price: PriceBandKey[];
  page: number;
  limit: ShopPageSize;
}

/** The facets a shopper ticks several values of. */
export const SHOP_FACETS = ['category', 'color', 'size', 'price'] as const;
export type ShopFacet = (typeof SHOP_FACETS)[number];

/** Every value of each facet, in the order the shop lists them. */
export const FACET_VALUES = {
  category: CATEGORIES,
  color: COLORS,
  size: ALL_SIZES,
  price: PRICE_BAND_KEYS,
} as const satisfies Record<ShopFacet, readonly string[]>;

export const defaultShopParams: ShopParams = {
  category: [],
  color: [],
  size: [],
  inStock: false,
  price: [],
  page: 1,
  limit: DEFAULT_SHOP_PAGE_SIZE as ShopPageSize,
};

function oneOf<T extends string | number>(allowed: readonly T[], value: unknown, fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

/**
 * A facet's values from the address, comma separated or repeated (`color=black,red`, `color=black&color=red`,
 * or the single value older links carry), in the shop's order so one choice has one address; unknown
 * values are left out.
 */
function listOf<T extends string>(allowed: readonly T[], search: URLSearchParams, key: string): T[] {
  const given = new Set(search.getAll(key).flatMap((text) => text.split(',').map((v) => v.trim())));
  return allowed.filter((value) => given.has(value));
}

/** Anything missing or not recognised falls back to its default, so a mangled link still shows the shop. */
export function parseShopParams(search: URLSearchParams): ShopParams {
  const page = Number(search.get('page'));
  return {
    category: listOf(CATEGORIES, search, 'category'),
    color: listOf(COLORS, search, 'color'),
    size: listOf(ALL_SIZES, search, 'size'),
    inStock: search.get('inStock') === 'true',
    price: listOf(PRICE_BAND_KEYS, search, 'price'),
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
    limit: oneOf(SHOP_PAGE_SIZES, Number(search.get('limit')), defaultShopParams.limit),
  };
}

/** Default values stay out of the URL: `/shop` is the unfiltered first page. */
export function shopParamsToSearch(params: ShopParams): URLSearchParams {
  const search = new URLSearchParams();
  const setList = (key: ShopFacet) => params[key].length > 0 && search.set(key, params[key].join(','));
  setList('category');
  setList('color');
  setList('size');
  if (params.inStock) search.set('inStock', 'true');
  setList('price');
  if (params.limit !== defaultShopParams.limit) search.set('limit', String(params.limit));
  if (params.page !== 1) search.set('page', String(params.page));
  return search;
}

/** The shop's query string as the address bar shows it (`color=black,red&size=M`). */
export const shopQuery = (params: ShopParams): string => readableQuery(shopParamsToSearch(params));

/**
 * The search page's query string: its text, then the same filters as the shop's (its results are one
 * page, so no page or page size).
 */
export function searchPageQuery(text: string | null, params: ShopParams): string {
  const filters = shopParamsToSearch({ ...params, page: 1, limit: defaultShopParams.limit });
  const search = new URLSearchParams(text === null ? {} : { q: text });
  for (const [key, value] of filters) search.set(key, value);
  return readableQuery(search);
}

/**
 * Changing any filter (or the page size) goes back to page 1, as the old page may no longer exist; only
 * a page change keeps it.
 */
export function applyShopChange(current: ShopParams, change: Partial<ShopParams>): ShopParams {
  const next = { ...current, ...change };
  const onlyPage = Object.keys(change).every((key) => key === 'page');
  return onlyPage ? next : { ...next, page: change.page ?? 1 };
}

/** A facet with one value ticked or unticked, kept in the shop's order. */
export function toggleShopValue<F extends ShopFacet>(
  current: ShopParams,
  facet: F,
  value: ShopParams[F][number],
  ticked: boolean,
): Partial<ShopParams> {
  const values = new Set<string>(current[facet]);
  if (ticked) values.add(value);
  else values.delete(value);
  const order: readonly string[] = FACET_VALUES[facet];
  return { [facet]: order.filter((v) => values.has(v)) };
}

export function clearShopFilters(current: ShopParams): ShopParams {
  return applyShopChange(current, { category: [], color: [], size: [], inStock: false, price: [] });
}

/** Whether any filter is set: the shop shows every product without one. */
export const hasShopFilters = (params: ShopParams): boolean =>
  params.inStock || SHOP_FACETS.some((facet) => params[facet].length > 0);

/**
 * The list query of the shop's choice. Price bands go as bands, not as bounds: a band holds prices from its
 * lower bound to below its upper one, so a price on a boundary is in one band only, in the list and in the
 * facets' counts alike.
 */
export function toProductListParams(params: ShopParams): ProductListParams {
  return {
    category: params.category,
    color: params.color,
    size: params.size,
    inStock: params.inStock || undefined,
    price: params.price,
    page: params.page,
    limit: params.limit,
  };
}
