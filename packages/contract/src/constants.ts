/** The shop's business constants, shared by the API and the web app so both count the same way. */

export const SHOP_NAME = 'Lebaba';
/** Where the shop is, as its footer and the returns it takes in give it. */
export const SHOP_ADDRESS_LINES = ['12 Linden Row', 'Portland, OR 97205', 'United States'] as const;

export const TAX_RATE = 0.05;
/** Tax as a whole percentage, so money maths stays in integers. */
export const TAX_PERCENT = 5;

export const CATEGORIES = ['accessories', 'dress', 'jewellery', 'cosmetics'] as const;
export type Category = (typeof CATEGORIES)[number];
export const CATEGORY_FILTERS = ['all', ...CATEGORIES] as const;
/** A category as shoppers and the owner read it. */
export const CATEGORY_LABELS: Record<Category, string> = {
  accessories: 'Accessories',
  dress: 'Dresses',
  jewellery: 'Jewellery',
  cosmetics: 'Cosmetics',
};

export const COLORS = ['black', 'red', 'gold', 'blue', 'silver', 'beige', 'green'] as const;
export type Color = (typeof COLORS)[number];
export const COLOR_FILTERS = ['all', ...COLORS] as const;
/** Each colour's swatch when a product's colour has none of its own. */
export const COLOR_SWATCHES: Record<Color, string> = {
  black: '#1f1a16',
  red: '#a8322d',
  gold: '#d8b46a',
  blue: '#3e5a86',
  silver: '#c0c4c8',
  beige: '#e3d3b8',
  green: '#2f6b4f',
};

export interface PriceRange {
  label: string;
  min: number;
  /** Open-ended when absent. */
  max?: number;
}
export const PRICE_RANGES: readonly PriceRange[] = [
  { label: 'Under $50', min: 0, max: 50 },
  { label: '$50-$100', min: 50, max: 100 },
  { label: '$100-$200', min: 100, max: 200 },
  { label: '$200 and Above', min: 200 },
];

export const ROLES = ['user', 'admin'] as const;
export type Role = (typeof ROLES)[number];

/** The four steps of the tracker, in order: the statuses an admin sets from the status modal. */
export const ORDER_STATUSES = ['pending', 'processing', 'shipped', 'completed'] as const;
export type TrackedOrderStatus = (typeof ORDER_STATUSES)[number];
/** Where an order ends when its money goes back: set by a cancellation or a full refund, never by hand. */
export const ORDER_CLOSED_STATUSES = ['cancelled', 'refunded'] as const;
export const ALL_ORDER_STATUSES = [...ORDER_STATUSES, ...ORDER_CLOSED_STATUSES] as const;
export type OrderStatus = (typeof ALL_ORDER_STATUSES)[number];

export const PRODUCT_SORTS = ['newest', 'price_asc', 'price_desc', 'rating'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];
/** A search's own order, best match first; the default whenever the list has search text. */
export const SEARCH_SORT = 'relevance';
export const PRODUCT_LIST_SORTS = [...PRODUCT_SORTS, SEARCH_SORT] as const;
export type ProductListSort = (typeof PRODUCT_LIST_SORTS)[number];

export const SHOP_PAGE_SIZES = [12, 24, 36] as const;
export const DEFAULT_SHOP_PAGE_SIZE = 12;
export const MANAGE_PRODUCTS_PAGE_SIZE = 6;
export const PRODUCT_LIST_DEFAULT_LIMIT = 10;
export const PRODUCT_LIST_MAX_LIMIT = 100;
export const MAX_PAGE = 10_000;

export const TRENDING_FETCH_LIMIT = 50;
export const TRENDING_INITIAL_COUNT = 8;
export const TRENDING_LOAD_MORE_STEP = 4;
export const CATEGORY_FETCH_LIMIT = 50;
export const RELATED_PRODUCTS_MAX = 8;

/** The cart panel cannot know the shipping method yet: the hosted checkout asks for it. */
export const SHIPPING_AT_CHECKOUT_NOTE = 'Shipping: calculated at checkout';

/** A password reset link lives this long and works once; the paths of the pages that ask for one and use it. */
export const PASSWORD_RESET_MINUTES = 30;
export const PASSWORD_RESET_PATH = '/reset-password';
/** How long a mailed link that confirms an account's e-mail works. */
export const EMAIL_CONFIRMATION_HOURS = 48;
/** The web page a mailed e-mail confirmation link opens, with `?token=`. */
export const EMAIL_CONFIRMATION_PATH = '/confirm-email';
/**
 * Where a guest's order is read without logging in, followed by the order link's token: a signed,
 * unguessable name of that one order.
 */
export const GUEST_ORDER_PATH = '/orders/guest';
export const FORGOT_PASSWORD_PATH = '/forgot-password';
/** The web pages a back-in-stock mail's links open, with `?token=`: confirm a guest's e-mail, unsubscribe. */
export const BACK_IN_STOCK_CONFIRM_PATH = '/back-in-stock/confirm';
export const BACK_IN_STOCK_UNSUBSCRIBE_PATH = '/back-in-stock/unsubscribe';

export const CART_SLIDE_MS = 300;
export const QUERY_CACHE_SECONDS = 60;
export const MAX_CART_LINES = 50;
export const MAX_CART_LINE_QUANTITY = 99;

export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const REVIEW_COMMENT_MAX = 1000;
export const PASSWORD_MIN_LENGTH = 8;
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
/** The widths every upload is also stored at, in each variant format; a narrower picture is never enlarged. */
export const UPLOAD_VARIANT_WIDTHS = [400, 800, 1200] as const;
export type UploadVariantWidth = (typeof UPLOAD_VARIANT_WIDTHS)[number];
/**
 * The formats of those widths, the one a browser should prefer first: AVIF is smaller, WebP is what a
 * browser without AVIF shows, and the full picture is WebP.
 */
export const UPLOAD_VARIANT_FORMATS = ['avif', 'webp'] as const;
export type UploadVariantFormat = (typeof UPLOAD_VARIANT_FORMATS)[number];
/** The picture a link preview shows (Open Graph, Twitter cards): 1200 x 630, made beside every upload. */
export const SHARE_IMAGE = { width: 1200, height: 630 } as const;
/**
 * The rendered width of the picture on a product page: the page's `sizes` and the server's early
 * preload of that picture must agree, or the browser fetches two different variants.
 */
export const PRODUCT_PAGE_IMAGE_SIZES = '(min-width: 1280px) 600px, (min-width: 768px) 50vw, 100vw';
/** The first cards of a product grid are on screen at once on a phone: fetched first, never lazily. */
export const PRODUCT_GRID_PRIORITY_IMAGES = 2;
/** The rendered width of a product card's picture in the shop's grids. */
export const PRODUCT_CARD_IMAGE_SIZES =
  '(min-width: 1280px) 300px, (min-width: 1024px) 25vw, (min-width: 640px) 33vw, 50vw';

/** The deals countdown ends at the last second of the last day of February. */
export const DEALS_END_MONTH_DAY = { month: 2, hour: 23, minute: 59, second: 59 } as const;

/** The end of the next last day of February (28 or 29) at 23:59:59, local time. */
export function nextDealsEnd(now: Date = new Date()): Date {
  for (let year = now.getFullYear(); ; year++) {
    // Day 0 of March is the last day of February, leap years included.
    const end = new Date(year, 2, 0, DEALS_END_MONTH_DAY.hour, DEALS_END_MONTH_DAY.minute, DEALS_END_MONTH_DAY.second);
    if (end.getTime() > now.getTime()) return end;
  }
}
