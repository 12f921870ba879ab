// No zod here: the web app's first script reads these paths (docs/decisions/006).

/** The storefront's public pages, as links: the web app's router and the server's sitemaps agree on them. */
export const storefrontPaths = {
  home: () => '/',
  shop: () => '/shop',
  category: (categoryName: string) => `/categories/${encodeURIComponent(categoryName)}`,
  product: (id: string) => `/shop/${encodeURIComponent(id)}`,
  search: () => '/search',
} as const;

/** The sitemaps protocol's limit on the URLs of one sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;

export const SITEMAP_INDEX_PATH = '/sitemap.xml';

/** What crawlers are asked to leave alone: the dashboards, the checkout, the API and the payment's return. */
export const ROBOTS_DISALLOW = ['/dashboard', '/checkout', '/api', '/success'] as const;
