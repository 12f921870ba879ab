import { CATEGORIES, CATEGORY_FETCH_LIMIT, type Category, SHOP_NAME } from '@shop/contract/constants';
import { type ProductListResponse, productListQuerySchema } from '@shop/contract/products';
import { CATEGORY_COPY, PAGE_META, ROBOTS_DISALLOW, storefrontPaths } from '@shop/contract/seo';
import { parseShopParams, productListSearch, toProductListParams } from '@shop/contract/shop-params';
import type { Organization, WebSite, WithContext } from 'schema-dts';
import { productListAnswer } from '../products/catalogue-answers';
import { decodedSegment, type PageHeadKit, SCHEMA } from './page-head-kit';
import type { PageHead } from './page-head-shape';

// The heads of the shop's other pages: home, the shop page, a category, and the pages kept out of search.

/** Pages that are never to be found through a search engine (what robots.txt disallows, and more). */
export const PRIVATE_PAGES = [...ROBOTS_DISALLOW, '/orders', '/forgot-password', '/reset-password', '/wishlist'];

const isCategory = (value: string): value is Category => (CATEGORIES as readonly string[]).includes(value);

export function homePageHead(kit: PageHeadKit): PageHead {
  const { absolute } = kit;
  const organization: WithContext<Organization> = {
    '@context': SCHEMA,
    '@type': 'Organization',
    name: SHOP_NAME,
    url: absolute(storefrontPaths.home()),
    logo: absolute('/favicon.svg'),
  };
  const website: WithContext<WebSite> = {
    '@context': SCHEMA,
    '@type': 'WebSite',
    name: SHOP_NAME,
    url: absolute(storefrontPaths.home()),
    potentialAction: {
      '@type': 'SearchAction',
      target: { '@type': 'EntryPoint', urlTemplate: `${absolute(storefrontPaths.search())}?q={search_term_string}` },
      // schema-dts has no type for Google's `query-input`, which the search box needs.
      ...({ 'query-input': 'required name=search_term_string' } as object),
    },
  };
  return kit.page(PAGE_META.home, storefrontPaths.home(), { jsonLd: [organization, website] });
}

export async function shopPageHead(kit: PageHeadKit, searchParams: URLSearchParams): Promise<PageHead> {
  // The address's filters, put in the order the app writes them: one canonical page per listing.
  const search = productListSearch(toProductListParams(parseShopParams(searchParams)));
  const path = search ? `${storefrontPaths.shop()}?${search}` : storefrontPaths.shop();
  const query = productListQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(search)));
  const products = query.success
    ? (JSON.parse((await productListAnswer(kit.db, kit.cache, query.data, {}, kit.index)).body) as ProductListResponse)
        .products
    : [];
  return kit.page(PAGE_META.shop, path, {
    ...kit.preview(products[0]?.image),
    jsonLd: [
      kit.itemList(products),
      kit.breadcrumbs([
        { name: 'Home', path: storefrontPaths.home() },
        { name: PAGE_META.shop.title, path: storefrontPaths.shop() },
      ]),
    ],
  });
}

export async function categoryPageHead(kit: PageHeadKit, segment: string): Promise<PageHead> {
  const name = decodedSegment(segment) ?? '';
  if (!isCategory(name)) return kit.notFound();
  const copy = CATEGORY_COPY[name];
  const path = storefrontPaths.category(name);
  const query = productListQuerySchema.parse({ category: name, limit: String(CATEGORY_FETCH_LIMIT) });
  const { products } = JSON.parse(
    (await productListAnswer(kit.db, kit.cache, query, {}, kit.index)).body,
  ) as ProductListResponse;
  return kit.page({ title: copy.title, description: copy.intro }, path, {
    ...kit.preview(products[0]?.image),
    jsonLd: [
      kit.itemList(products),
      kit.breadcrumbs([
        { name: 'Home', path: storefrontPaths.home() },
        { name: copy.title, path },
      ]),
    ],
  });
}

/** A private page's head: the shop's description and no title of its own, kept out of search engines. */
export function privatePageHead(kit: PageHeadKit, pathname: string): PageHead {
  return {
    ...kit.page({ title: '', description: PAGE_META.home.description }, pathname),
    canonical: undefined,
    noindex: true,
  };
}
