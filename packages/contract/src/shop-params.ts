import {
  CATEGORY_FILTERS,
  COLOR_FILTERS,
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
 * web app reads and writes it, the server reads it to start the page's data with its HTML.
 */
export interface ProductListParams {
  category?: CategoryFilter;
  color?: ColorFilter;
  size?: SizeLabel | undefined;
  inStock?: boolean | undefined;
  minPrice?: number | undefined;
  maxPrice?: number | undefined;
  q?: string;
  sort?: ProductSort;
  limit?: number;
  page?: number;
}

/** Leaves out "all" and empty values, so the API applies its defaults and the cache key stays small. */
export function productListSearch(params: ProductListParams): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === '' || value === 'all' || value === false) continue;
    search.set(key, String(value));
  }
  return search.toString();
}

export type CategoryFilter = (typeof CATEGORY_FILTERS)[number];
export type ColorFilter = (typeof COLOR_FILTERS)[number];
export type ShopPageSize = (typeof SHOP_PAGE_SIZES)[number];

/** The shop's filters and page, as they live in the URL so links and the back button restore them. */
export interface ShopParams {
  category: CategoryFilter;
  color: ColorFilter;
  /** A size of any scale, or null for every size. */
  size: SizeLabel | null;
  /** Only products with a size that can still be bought. */
  inStock: boolean;
  /** A key of PRICE_RANGES (see priceRangeKey), or null for any price. */
  price: string | null;
  page: number;
  limit: ShopPageSize;
}

export const defaultShopParams: ShopParams = {
  category: 'all',
  color: 'all',
  size: null,
  inStock: false,
  price: null,
  page: 1,
  limit: DEFAULT_SHOP_PAGE_SIZE as ShopPageSize,
};

/** `50-100`, or `200-up` for the open-ended range. */
export function priceRangeKey(range: PriceRange): string {
  return `${range.min}-${range.max ?? 'up'}`;
}

/** Every price band's key, in the order the shop shows them. */
export const PRICE_BAND_KEYS = PRICE_RANGES.map(priceRangeKey) as [string, ...string[]];

export function priceRangeOf(key: string | null): PriceRange | undefined {
  return key === null ? undefined : PRICE_RANGES.find((r) => priceRangeKey(r) === key);
}

function oneOf<T extends string | number>(allowed: readonly T[], value: unknown, fallback: T): T {
  return allowed.includes(value as T) ? (value as T) : fallback;
}

/** Anything missing or not recognised falls back to its default, so a mangled link still shows the shop. */
export function parseShopParams(search: URLSearchParams): ShopParams {
  const page = Number(search.get('page'));
  const price = search.get('price');
  return {
    category: oneOf(CATEGORY_FILTERS, search.get('category'), 'all'),
    color: oneOf(COLOR_FILTERS, search.get('color'), 'all'),
    size: (ALL_SIZES as readonly string[]).includes(search.get('size') ?? '')
      ? (search.get('size') as SizeLabel)
      : null,
    inStock: search.get('inStock') === 'true',
    price: priceRangeOf(price) ? price : null,
    page: Number.isInteger(page) && page >= 1 && page <= MAX_PAGE ? page : 1,
    limit: oneOf(SHOP_PAGE_SIZES, Number(search.get('limit')), defaultShopParams.limit),
  };
}

/** Default values stay out of the URL: `/shop` is the unfiltered first page. */
export function shopParamsToSearch(params: ShopParams): URLSearchParams {
  const search = new URLSearchParams();
  if (params.category !== 'all') search.set('category', params.category);
  if (params.color !== 'all') search.set('color', params.color);
  if (params.size !== null) search.set('size', params.size);
  if (params.inStock) search.set('inStock', 'true');
  if (params.price !== null) search.set('price', params.price);
  if (params.limit !== defaultShopParams.limit) search.set('limit', String(params.limit));
  if (params.page !== 1) search.set('page', String(params.page));
  return search;
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

export function clearShopFilters(current: ShopParams): ShopParams {
  return applyShopChange(current, { category: 'all', color: 'all', size: null, inStock: false, price: null });
}

export function toProductListParams(params: ShopParams): ProductListParams {
  const range = priceRangeOf(params.price);
  return {
    category: params.category,
    color: params.color,
    size: params.size ?? undefined,
    inStock: params.inStock || undefined,
    minPrice: range?.min,
    maxPrice: range?.max,
    page: params.page,
    limit: params.limit,
  };
}
