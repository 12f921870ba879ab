import { COLORS } from '@shop/contract/constants';
import { parseShopParams, searchPageQuery, shopQuery } from '@shop/contract/shop-params';
import { renderToString } from 'react-dom/server';
import { matchPath, StaticRouter } from 'react-router';
import { AppScreens } from './app/app';
import { AppProviders } from './app/providers';
import { isAppPage, preloadScreenAt } from './app/routes';
import { createStore } from './app/store';
import { paths } from './config/paths';
import { COLOUR_PARAM } from './features/catalogue/use-chosen-colour';
import { baseApi, type InProcessApi } from './lib/base-api';

export type { ApiAnswer, InProcessApi } from './lib/base-api';

/**
 * Pages about one shopper or one moment (an order, a payment's end, a wishlist, a mailed link, the dashboards)
 * are rendered by the browser alone; every other address, the login and register forms included, is
 * a storefront page or the 404 page.
 */
const BROWSER_ONLY = [
  paths.success.path,
  paths.wishlist.path,
  paths.order.path,
  paths.guestOrder.path,
  paths.confirmEmail.path,
  paths.forgotPassword.path,
  paths.resetPassword.path,
  paths.backInStockConfirm.path,
  paths.backInStockUnsubscribe.path,
  `${paths.dashboard.root.path}/*`,
];

export const rendersOnServer = (pathname: string) => !BROWSER_ONLY.some((path) => matchPath(path, pathname));

/** Only the named parameter, when it is there and (with `values`) one of them. */
const onlyParam =
  (name: string, values?: readonly string[]) =>
  (search: URLSearchParams): string => {
    const value = search.get(name);
    return new URLSearchParams(
      value === null || (values && !values.includes(value)) ? {} : { [name]: value },
    ).toString();
  };

/**
 * What each page reads of its query string (the shop its filters, as use-shop-params.ts does; search
 * its `q` and the same filters, as search-page.tsx does; a product its colour, as use-chosen-colour.ts does,
 * only a colour the shop has), written as the app writes it; every other page reads none of it.
 */
const QUERY_READ_BY: readonly [path: string, read: (search: URLSearchParams) => string][] = [
  [paths.shop.path, (search) => shopQuery(parseShopParams(search))],
  [paths.search.path, (search) => searchPageQuery(search.get('q'), parseShopParams(search))],
  [paths.product.path, onlyParam(COLOUR_PARAM, COLORS)],
];

/**
 * The address a page renders the same as: its path, and only the part of the query string it reads, in
 * one order. Addresses that differ only in what the page ignores (a campaign's tag, a cache-busting
 * number, filters in another order) are one render and one cache entry, so a flood of junk query
 * strings cannot push real pages out of the cache.
 */
export function pageAddress(address: URL): string {
  const read = QUERY_READ_BY.find(([path]) => matchPath(path, address.pathname))?.[1];
  const search = read?.(address.searchParams);
  return search ? `${address.pathname}?${search}` : address.pathname;
}

/** A page as the server renders it: the app's HTML, and the API answers it was rendered from. */
export interface RenderedStorefrontPage {
  /** 404 for an address that is no page of the app: it shows the 404 page, never a soft 404. */
  status: 200 | 404;
  /** False when a loader's answer did not come in time and the page shows it loading: not for a cache. */
  complete: boolean;
  html: string;
  /** The store's API part, which the browser puts back before it hydrates the HTML. */
  state: Record<string, unknown>;
}

/**
 * Renders a storefront page on the server for no one in particular (nobody logged in, an empty cart):
 * its own store, the screen's loaders answered by the API in process, the HTML as the browser's first
 * render makes it from the same state.
 */
export async function renderStorefrontPage(address: URL, api: InProcessApi): Promise<RenderedStorefrontPage> {
  const store = createStore(undefined, api);
  store.join(baseApi);
  await preloadScreenAt(address, { dispatch: store.dispatch });
  const html = renderToString(
    <AppProviders store={store}>
      <StaticRouter location={`${address.pathname}${address.search}`}>
        <AppScreens />
      </StaticRouter>
    </AppProviders>,
  );
  const apiState = store.getState()[baseApi.reducerPath as never] as { queries: Record<string, { status: string }> };
  return {
    status: isAppPage(address.pathname) ? 200 : 404,
    complete: Object.values(apiState.queries).every((query) => query.status !== 'pending'),
    html,
    // Which components listen to which answer is each browser's own bookkeeping; on the server it depends on
    // whether the loaders' listeners were let go before this moment, and a page must be the same for all.
    state: { [baseApi.reducerPath]: { ...apiState, subscriptions: {} } },
  };
}
