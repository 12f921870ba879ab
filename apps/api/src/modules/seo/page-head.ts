import { SHOP_NAME } from '@shop/contract/constants';
import { PAGE_META, storefrontPaths } from '@shop/contract/seo';
import { scriptJson } from '../../platform/script-json';
import type { HeadSource } from '../../platform/web-app';
import { categoryPageHead, homePageHead, PRIVATE_PAGES, privatePageHead, shopPageHead } from './catalogue-page-heads';
import { type PageHeadDeps, type PageHeadKit, pageHeadKit } from './page-head-kit';
import type { PageHead } from './page-head-shape';
import { productPageHead } from './product-page-head';

export type { PageHead };

export type PageHeadSource = (address: URL) => Promise<PageHead | undefined>;

/**
 * Each kind of page the app has a head for, tried in order: what it reads from the address (the whole
 * path, a product's id, a category's name), or undefined when the address is not of its kind, and its head.
 */
interface PageKind {
  match: (pathname: string) => string | undefined;
  head: (kit: PageHeadKit, matched: string, address: URL) => PageHead | Promise<PageHead>;
}

const exactly = (path: string) => (pathname: string) => (pathname === path ? pathname : undefined);
const segmentOf = (pattern: RegExp) => (pathname: string) => pattern.exec(pathname)?.[1] || undefined;

const PAGE_KINDS: PageKind[] = [
  { match: exactly('/'), head: homePageHead },
  { match: exactly('/shop'), head: (kit, _path, address) => shopPageHead(kit, address.searchParams) },
  { match: segmentOf(/^\/shop\/([^/]+)$/), head: productPageHead },
  { match: segmentOf(/^\/categories\/([^/]+)$/), head: categoryPageHead },
  {
    match: exactly('/search'),
    head: (kit) => kit.page(PAGE_META.search, storefrontPaths.search(), { noindex: true }),
  },
  { match: exactly('/login'), head: (kit) => kit.page(PAGE_META.login, '/login') },
  { match: exactly('/register'), head: (kit) => kit.page(PAGE_META.register, '/register') },
  {
    match: (pathname) =>
      PRIVATE_PAGES.some((p) => pathname === p || pathname.startsWith(`${p}/`)) ? pathname : undefined,
    head: privatePageHead,
  },
];

/** The head of the page at an address, or undefined for an address the app has no page kind for. */
export function pageHeads(deps: PageHeadDeps): PageHeadSource {
  const kit = pageHeadKit(deps);
  return async (address) => {
    for (const kind of PAGE_KINDS) {
      const matched = kind.match(address.pathname);
      if (matched !== undefined) return kind.head(kit, matched, address);
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
