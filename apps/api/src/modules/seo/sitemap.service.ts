import { CATEGORIES } from '@shop/contract/constants';
import { SITEMAP_MAX_URLS, storefrontPaths } from '@shop/contract/seo';
import type { Queryable } from '../../db/client';
import { countProducts, lastChangeByCategory, productIdBefore, productsAfter } from './sitemap.queries';

/** Rows read per query while a products sitemap streams: memory stays flat however many products there are. */
const BATCH = 2_000;

const XML_HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const SITEMAP_NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';

const XML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
export const escapeXml = (text: string) => text.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);

function urlEntry(loc: string, lastmod?: Date | null): string {
  const when = lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : '';
  return `<url><loc>${escapeXml(loc)}</loc>${when}</url>\n`;
}

/** How many products sitemaps the shop has: one per 50,000 products, and one even when there are none. */
export async function productSitemapCount(db: Queryable): Promise<number> {
  return Math.max(1, Math.ceil((await countProducts(db)) / SITEMAP_MAX_URLS));
}

export const pagesSitemapPath = () => '/sitemaps/pages.xml';
export const productsSitemapPath = (n: number) => `/sitemaps/products-${n}.xml`;

/** The sitemap index: the pages' sitemap and every products sitemap. */
export async function sitemapIndex(db: Queryable, publicUrl: string): Promise<string> {
  const files = [pagesSitemapPath()];
  const productFiles = await productSitemapCount(db);
  for (let n = 1; n <= productFiles; n++) files.push(productsSitemapPath(n));
  const entries = files.map((file) => `<sitemap><loc>${escapeXml(publicUrl + file)}</loc></sitemap>\n`).join('');
  return `${XML_HEAD}<sitemapindex xmlns="${SITEMAP_NS}">\n${entries}</sitemapindex>\n`;
}

/** Home, the shop and each category, with when their products last changed. */
export async function pagesSitemap(db: Queryable, publicUrl: string): Promise<string> {
  const changes = new Map((await lastChangeByCategory(db)).map((row) => [row.category, row.updatedAt]));
  const latest = [...changes.values()].reduce<Date | null>((a, b) => (!a || (b && b > a) ? b : a), null);
  const entries = [
    urlEntry(publicUrl + storefrontPaths.home(), latest),
    urlEntry(publicUrl + storefrontPaths.shop(), latest),
    ...CATEGORIES.map((category) => urlEntry(publicUrl + storefrontPaths.category(category), changes.get(category))),
  ].join('');
  return `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}">\n${entries}</urlset>\n`;
}

/**
 * The `n`-th products sitemap (from 1), streamed as it is read: 50,000 products in id order, each with
 * when it last changed. Answers null for a file past the last one.
 */
export async function productsSitemap(
  db: Queryable,
  publicUrl: string,
  n: number,
): Promise<AsyncGenerator<string> | null> {
  if (n > (await productSitemapCount(db))) return null;
  const skip = (n - 1) * SITEMAP_MAX_URLS;
  const startAfter = skip > 0 ? await productIdBefore(db, skip) : undefined;
  if (skip > 0 && !startAfter) return null;
  return (async function* () {
    yield `${XML_HEAD}<urlset xmlns="${SITEMAP_NS}">\n`;
    let after = startAfter;
    let left = SITEMAP_MAX_URLS;
    while (left > 0) {
      const wanted = Math.min(BATCH, left);
      const rows = await productsAfter(db, after, wanted);
      if (rows.length > 0) {
        yield rows.map((row) => urlEntry(publicUrl + storefrontPaths.product(row.id), row.updatedAt)).join('');
      }
      if (rows.length < wanted) break;
      left -= rows.length;
      after = rows[rows.length - 1]?.id;
    }
    yield '</urlset>\n';
  })();
}

/** robots.txt: where the sitemaps are, and what crawlers are asked to leave alone. */
export function robotsTxt(publicUrl: string, disallow: readonly string[], sitemapPath: string): string {
  return [
    'User-agent: *',
    ...disallow.map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${publicUrl}${sitemapPath}`,
    '',
  ].join('\n');
}
