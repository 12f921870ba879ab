import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import { createProduct } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

const parser = new XMLParser({ isArray: (name) => name === 'url' || name === 'sitemap' });

async function getXml(t: TestApp, url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toContain('application/xml');
  expect(XMLValidator.validate(res.body)).toBe(true);
  return parser.parse(res.body) as {
    sitemapindex?: { sitemap: { loc: string }[] };
    urlset?: { url?: { loc: string; lastmod?: string }[] };
  };
}

describe('robots.txt and the sitemaps', () => {
  let t: TestApp;
  let dress: { id: string };
  beforeAll(async () => {
    t = await createTestApp();
    dress = await createProduct(t.db, { category: 'dress' });
    await createProduct(t.db, { category: 'jewellery' });
  });
  afterAll(() => t.close());

  it('robots.txt keeps crawlers out of the dashboards, checkout, API and success page and names the sitemap', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/plain');
    const lines = res.body.split('\n');
    expect(lines).toContain('User-agent: *');
    for (const path of ['/dashboard', '/checkout', '/api', '/success']) expect(lines).toContain(`Disallow: ${path}`);
    expect(lines).toContain('Sitemap: http://shop.test/sitemap.xml');
  });

  it('the index lists the pages sitemap and the products sitemap at the public address', async () => {
    const xml = await getXml(t, '/sitemap.xml');
    expect(xml.sitemapindex?.sitemap.map((s) => s.loc)).toEqual([
      'http://shop.test/sitemaps/pages.xml',
      'http://shop.test/sitemaps/products-1.xml',
    ]);
  });

  it('the pages sitemap has home, the shop and every category, with when their products changed', async () => {
    const urls = (await getXml(t, '/sitemaps/pages.xml')).urlset?.url ?? [];
    expect(urls.map((u) => u.loc)).toEqual([
      'http://shop.test/',
      'http://shop.test/shop',
      'http://shop.test/categories/accessories',
      'http://shop.test/categories/dress',
      'http://shop.test/categories/jewellery',
      'http://shop.test/categories/cosmetics',
    ]);
    const dressPage = urls.find((u) => u.loc.endsWith('/dress'));
    expect(Number.isNaN(Date.parse(dressPage?.lastmod ?? ''))).toBe(false);
    // No product in it, nothing to say when it changed.
    expect(urls.find((u) => u.loc.endsWith('/accessories'))?.lastmod).toBeUndefined();
  });

  it('the products sitemap has every product page with its last change', async () => {
    await t.db
      .update(products)
      .set({ updatedAt: new Date('2026-03-04T05:06:07.000Z') })
      .where(sql`id = ${dress.id}`);
    const urls = (await getXml(t, '/sitemaps/products-1.xml')).urlset?.url ?? [];
    expect(urls).toHaveLength(2);
    expect(urls).toContainEqual({ loc: `http://shop.test/shop/${dress.id}`, lastmod: '2026-03-04T05:06:07.000Z' });
  });

  it('sends a products sitemap gzipped to a crawler that accepts it, brotli or not', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/sitemaps/products-1.xml',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.headers['content-encoding']).toBe('gzip');
    const xml = gunzipSync(res.rawPayload).toString('utf8');
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).toContain(`/shop/${dress.id}</loc>`);
  });

  it('answers 404 for a sitemap that does not exist, and a 4xx for a name no sitemap could have', async () => {
    for (const url of ['/sitemaps/products-2.xml', '/sitemaps/products-0.xml', '/sitemaps/x.xml']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().message).toBeTypeOf('string');
    }
    const long = await t.app.inject({ method: 'GET', url: `/sitemaps/${'a'.repeat(300)}.xml` });
    expect(long.statusCode).toBe(414);
    expect(long.json().message).toBeTypeOf('string');
  });
});

// 100,000 products are quick to make on PostgreSQL; the embedded database would spend most of a minute on them.
describe.runIf(process.env.TEST_DATABASE_URL)('the sitemaps of 100,001 products', () => {
  let t: TestApp;
  beforeAll(async () => {
    // One statement fills every index of the catalogue for 100,001 rows: on a busy machine longer than the
    // shop's 10 s statement timeout, which is for shoppers' requests, not for making test data.
    t = await createTestApp({ env: { DATABASE_STATEMENT_TIMEOUT_SECONDS: '60' } });
    await t.db.execute(sql`
      insert into products (name, category, color, description, price_cents, image)
      select 'Product ' || n, 'dress', 'black', 'Bulk.', 1000 + n, '/uploads/test.webp'
      from generate_series(1, 100001) as n`);
  }, 120_000);
  afterAll(() => t.close());

  it('split at 50,000 URLs a file, together hold every product once', async () => {
    const index = await getXml(t, '/sitemap.xml');
    const files = index.sitemapindex?.sitemap.map((s) => s.loc.replace('http://shop.test', '')) ?? [];
    expect(files).toEqual([
      '/sitemaps/pages.xml',
      '/sitemaps/products-1.xml',
      '/sitemaps/products-2.xml',
      '/sitemaps/products-3.xml',
    ]);
    const seen = new Set<string>();
    const sizes: number[] = [];
    for (const file of files.slice(1)) {
      const urls = (await getXml(t, file)).urlset?.url ?? [];
      sizes.push(urls.length);
      for (const url of urls) seen.add(url.loc);
    }
    expect(sizes).toEqual([50_000, 50_000, 1]);
    expect(seen.size).toBe(100_001);
  });
});
