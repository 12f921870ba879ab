import { idSchema } from '@shop/contract/common';
import { CATEGORIES, CATEGORY_FETCH_LIMIT, type Category, SHARE_IMAGE, SHOP_NAME } from '@shop/contract/constants';
import { type ProductDetailResponse, type ProductListResponse, productListQuerySchema } from '@shop/contract/products';
import {
  CATEGORY_COPY,
  PAGE_META,
  pageTitle,
  productDescription,
  ROBOTS_DISALLOW,
  storefrontPaths,
} from '@shop/contract/seo';
import { parseShopParams, productListSearch, toProductListParams } from '@shop/contract/shop-params';
import { shareImageUrl } from '@shop/contract/uploads';
import type {
  BreadcrumbList,
  ItemList,
  Offer,
  Organization,
  Product,
  Review,
  Thing,
  WebSite,
  WithContext,
} from 'schema-dts';
import type { Queryable } from '../../db/client';
import { AppError } from '../../platform/errors';
import { scriptJson } from '../../platform/script-json';
import type { HeadSource } from '../../platform/web-app';
import { productDetailAnswer, productListAnswer } from '../products/catalogue-answers';
import type { CatalogueCache } from '../products/catalogue-cache';

/** What a page's HTML head says about it to search engines and link previews, before any script runs. */
export interface PageHead {
  /** 404 for a product or category that does not exist: the app's not-found page, with a status to match. */
  status: 200 | 404;
  title: string;
  description: string;
  /** Absolute; absent on pages that are not to be indexed. */
  canonical?: string;
  noindex?: boolean;
  /** Absolute address of the picture a link preview shows. */
  image?: string;
  /** Set when `image` is the shop's own 1200 x 630 link-preview picture. */
  imageSize?: { width: number; height: number };
  ogType: 'website' | 'product';
  jsonLd: WithContext<Thing>[];
}

export type PageHeadSource = (address: URL) => Promise<PageHead | undefined>;

/** The reviews a product page's structured data quotes (the page shows the newest ones too). */
const REVIEWS_IN_STRUCTURED_DATA = 5;

const SCHEMA = 'https://schema.org' as const;

/** Pages that are never to be found through a search engine (what robots.txt disallows, and more). */
const PRIVATE_PAGES = [...ROBOTS_DISALLOW, '/orders', '/forgot-password', '/reset-password'];

const isCategory = (value: string): value is Category => (CATEGORIES as readonly string[]).includes(value);

function decodedSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

export function pageHeads(deps: { db: Queryable; cache: CatalogueCache; publicUrl: string }): PageHeadSource {
  const { db, cache, publicUrl } = deps;
  const absolute = (path: string) => (/^https?:\/\//.test(path) ? path : `${publicUrl}${path}`);
  const page = (
    meta: { title: string; description: string },
    path: string,
    extra: Partial<PageHead> = {},
  ): PageHead => ({
    status: 200,
    title: pageTitle(meta.title),
    description: meta.description,
    canonical: absolute(path),
    ogType: 'website',
    jsonLd: [],
    ...extra,
  });
  /** A picture for link previews: the shop's 1200 x 630 one where it made one. */
  const preview = (image: string | undefined): Pick<PageHead, 'image' | 'imageSize'> => {
    if (!image) return {};
    const share = shareImageUrl(image);
    return share ? { image: absolute(share), imageSize: SHARE_IMAGE } : { image: absolute(image) };
  };
  const notFound = (): PageHead => ({
    ...page(PAGE_META.notFound, '/'),
    status: 404,
    canonical: undefined,
    noindex: true,
  });

  const breadcrumbs = (trail: { name: string; path: string }[]): WithContext<BreadcrumbList> => ({
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      item: absolute(crumb.path),
    })),
  });
  const itemList = (products: ProductListResponse['products']): WithContext<ItemList> => ({
    '@context': SCHEMA,
    '@type': 'ItemList',
    itemListElement: products.map((product, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      url: absolute(storefrontPaths.product(product._id)),
      name: product.name,
    })),
  });

  async function productPage(segment: string): Promise<PageHead> {
    const id = idSchema.safeParse(decodedSegment(segment));
    if (!id.success) return notFound();
    const answer = await productDetailAnswer(db, cache, id.data).catch((err: unknown) => {
      if (err instanceof AppError && err.statusCode === 404) return undefined;
      throw err;
    });
    if (!answer) return notFound();
    const { product, reviews } = JSON.parse(answer.body) as ProductDetailResponse;
    const path = storefrontPaths.product(product._id);
    const category = CATEGORY_COPY[product.category];
    const offer = (available: boolean, size?: { size: string; sku: string }): Offer => ({
      '@type': 'Offer',
      ...(size && { name: `${product.name}, size ${size.size}`, sku: size.sku }),
      url: absolute(path),
      price: product.price.toFixed(2),
      priceCurrency: 'USD',
      itemCondition: 'https://schema.org/NewCondition',
      availability: available ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
    });
    const sized = product.sizeScale !== 'one';
    const structured: WithContext<Product> = {
      '@context': SCHEMA,
      '@type': 'Product',
      name: product.name,
      description: product.description,
      image: [absolute(product.image)],
      sku: product.variants[0]?.sku ?? product._id,
      category: category.title,
      brand: { '@type': 'Brand', name: SHOP_NAME },
      url: absolute(path),
      // Each size is an offer of its own where there are sizes: its own stock, the same price.
      offers: sized ? product.variants.map((v) => offer(v.available > 0, v)) : offer(product.inStock),
      ...(product.reviewCount > 0 && {
        aggregateRating: {
          '@type': 'AggregateRating',
          ratingValue: Math.round(product.rating * 10) / 10,
          reviewCount: product.reviewCount,
          bestRating: 5,
          worstRating: 1,
        },
      }),
      ...(reviews.length > 0 && {
        review: reviews.slice(0, REVIEWS_IN_STRUCTURED_DATA).map(
          (r): Review => ({
            '@type': 'Review',
            reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
            author: { '@type': 'Person', name: r.userId.username },
            reviewBody: r.comment,
            datePublished: r.createdAt,
          }),
        ),
      }),
    };
    return page({ title: product.name, description: productDescription(product.description) }, path, {
      ...preview(product.image),
      ogType: 'product',
      jsonLd: [
        structured,
        breadcrumbs([
          { name: 'Home', path: storefrontPaths.home() },
          { name: category.title, path: storefrontPaths.category(product.category) },
          { name: product.name, path },
        ]),
      ],
    });
  }

  async function categoryPage(segment: string): Promise<PageHead> {
    const name = decodedSegment(segment) ?? '';
    if (!isCategory(name)) return notFound();
    const copy = CATEGORY_COPY[name];
    const path = storefrontPaths.category(name);
    const query = productListQuerySchema.parse({ category: name, limit: String(CATEGORY_FETCH_LIMIT) });
    const { products } = JSON.parse((await productListAnswer(db, cache, query)).body) as ProductListResponse;
    return page({ title: copy.title, description: copy.intro }, path, {
      ...preview(products[0]?.image),
      jsonLd: [
        itemList(products),
        breadcrumbs([
          { name: 'Home', path: storefrontPaths.home() },
          { name: copy.title, path },
        ]),
      ],
    });
  }

  async function shopPage(searchParams: URLSearchParams): Promise<PageHead> {
    // The address's filters, put in the order the app writes them: one canonical page per listing.
    const search = productListSearch(toProductListParams(parseShopParams(searchParams)));
    const path = search ? `${storefrontPaths.shop()}?${search}` : storefrontPaths.shop();
    const query = productListQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(search)));
    const products = query.success
      ? (JSON.parse((await productListAnswer(db, cache, query.data)).body) as ProductListResponse).products
      : [];
    return page(PAGE_META.shop, path, {
      ...preview(products[0]?.image),
      jsonLd: [
        itemList(products),
        breadcrumbs([
          { name: 'Home', path: storefrontPaths.home() },
          { name: PAGE_META.shop.title, path: storefrontPaths.shop() },
        ]),
      ],
    });
  }

  function homePage(): PageHead {
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
    return page(PAGE_META.home, storefrontPaths.home(), { jsonLd: [organization, website] });
  }

  return async ({ pathname, searchParams }) => {
    if (pathname === '/') return homePage();
    if (pathname === '/shop') return shopPage(searchParams);
    const product = /^\/shop\/([^/]+)$/.exec(pathname);
    if (product?.[1]) return productPage(product[1]);
    const category = /^\/categories\/([^/]+)$/.exec(pathname);
    if (category?.[1]) return categoryPage(category[1]);
    if (pathname === '/search') return page(PAGE_META.search, storefrontPaths.search(), { noindex: true });
    if (pathname === '/login') return page(PAGE_META.login, '/login');
    if (pathname === '/register') return page(PAGE_META.register, '/register');
    if (PRIVATE_PAGES.some((p) => pathname === p || pathname.startsWith(`${p}/`))) {
      return {
        ...page({ title: '', description: PAGE_META.home.description }, pathname),
        canonical: undefined,
        noindex: true,
      };
    }
    return undefined;
  };
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c] ?? c);

/** Page heads as the web app's HTML takes them. */
export function renderedPageHeads(source: PageHeadSource): HeadSource {
  return async (address) => {
    const head = await source(address);
    return head && { status: head.status, title: head.title, tags: renderPageHead(head) };
  };
}

/** The tags of a head: description, robots, canonical, Open Graph, Twitter card and the JSON-LD blocks. */
export function renderPageHead(head: PageHead): string {
  const meta = (attr: 'name' | 'property', key: string, content: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(content)}">`;
  const tags = [meta('name', 'description', head.description)];
  if (head.noindex) tags.push(meta('name', 'robots', 'noindex'));
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}">`);
  tags.push(
    meta('property', 'og:site_name', SHOP_NAME),
    meta('property', 'og:type', head.ogType),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
  );
  if (head.canonical) tags.push(meta('property', 'og:url', head.canonical));
  if (head.image) tags.push(meta('property', 'og:image', head.image));
  if (head.imageSize) {
    tags.push(
      meta('property', 'og:image:width', String(head.imageSize.width)),
      meta('property', 'og:image:height', String(head.imageSize.height)),
    );
  }
  tags.push(
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
  );
  if (head.image) tags.push(meta('name', 'twitter:image', head.image));
  for (const block of head.jsonLd) tags.push(`<script type="application/ld+json">${scriptJson(block)}</script>`);
  return tags.join('\n    ');
}
