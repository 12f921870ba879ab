// No zod here: the web app's first script reads these paths (docs/decisions/006).
import { type Category, SHOP_NAME } from './constants';
import { SHIPPING_PROMISES } from './shipping';

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

/** A page's title as the browser tab shows it, the same whether the server or the app wrote it. */
export const pageTitle = (title: string) => (title ? `${title} | ${SHOP_NAME}` : SHOP_NAME);

/** The title and description of each public page whose words do not come from the catalogue. */
export const PAGE_META = {
  home: {
    title: 'Dresses, accessories, jewellery & cosmetics',
    description: `Lebaba is a fashion boutique for dresses, accessories, jewellery and cosmetics: up to 40% off new arrivals. ${SHIPPING_PROMISES.freeStandard}.`,
  },
  shop: {
    title: 'Shop',
    description: 'Browse dresses, accessories, jewellery and cosmetics by category, colour and price.',
  },
  search: { title: 'Search', description: 'Search the whole Lebaba collection by name or description.' },
  login: {
    title: 'Login',
    description: 'Log in to your Lebaba account to check out, follow your orders and write reviews.',
  },
  register: {
    title: 'Register',
    description: 'Create a Lebaba account to check out, follow your orders and write reviews.',
  },
  notFound: { title: 'Page not found', description: 'The page you are looking for does not exist.' },
  product: { title: 'Product', description: 'A piece from the Lebaba collection.' },
} as const;

/** Each category page's heading (its title) and introduction (its description). */
export const CATEGORY_COPY: Record<Category, { title: string; intro: string }> = {
  accessories: { title: 'Accessories', intro: 'Bags, hats and sunglasses that finish an outfit.' },
  dress: { title: 'Dress Collection', intro: 'Easy dresses for long days, slow weekends and late dinners.' },
  jewellery: { title: 'Jewellery', intro: 'Fine pieces to wear every day and keep for years.' },
  cosmetics: { title: 'Cosmetics', intro: 'Colour, scent and care for your everyday ritual.' },
};

/** A product page's description: the start of the product's own. */
export const productDescription = (description: string) => description.slice(0, 155);

/**
 * The element of a server-rendered page that carries the state its HTML was rendered from (JSON in a
 * `<script type="application/json">`, which the content security policy lets through as data): the
 * browser's app starts from it and hydrates the HTML instead of fetching again.
 */
export const SERVER_STATE_ELEMENT_ID = 'shop-state';
