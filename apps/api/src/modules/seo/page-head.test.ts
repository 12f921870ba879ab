import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { products } from '../../db/schema';
import { createProduct, createReview, createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

// The app's own index.html (its default title and description are what a page's head replaces).
const INDEX_HTML = fs.readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../web/index.html'),
  'utf8',
);

type JsonLd = Record<string, unknown> & { '@type': string };

/** A page fetched as a crawler does: plain HTTP, no script run. */
async function crawl(t: TestApp, url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  const html = res.body;
  const attr = (selector: RegExp) => selector.exec(html)?.[1];
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1] ?? '') as JsonLd,
  );
  return {
    status: res.statusCode,
    html,
    title: attr(/<title>([^<]*)<\/title>/),
    description: attr(/<meta name="description" content="([^"]*)">/),
    canonical: attr(/<link rel="canonical" href="([^"]*)">/),
    robots: attr(/<meta name="robots" content="([^"]*)">/),
    og: (property: string) => attr(new RegExp(`<meta property="og:${property}" content="([^"]*)">`)),
    jsonLd,
    ld: (type: string) => jsonLd.find((block) => block['@type'] === type),
  };
}

let t: TestApp;
let distDir: string;
let dress: { id: string };
let belt: { id: string };
const hostile = '</script><script>alert(1)</script>';
let hostileProduct: { id: string };

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-'));
  fs.writeFileSync(path.join(distDir, 'index.html'), INDEX_HTML);
  t = await createTestApp({ env: { WEB_DIST_DIR: distDir } });
  dress = await createProduct(t.db, {
    name: 'Linen Wrap Dress',
    category: 'dress',
    description: 'A wrap dress in washed linen, cut to move.',
    priceCents: 8999,
    sizeScale: 'clothing',
    stock: [
      { size: 'M', onHand: 3 },
      { size: 'L', onHand: 0 },
    ],
  });
  belt = await createProduct(t.db, { name: 'Woven Belt', category: 'accessories', priceCents: 1250 });
  hostileProduct = await createProduct(t.db, { name: hostile, category: 'jewellery', description: `"${hostile}` });
  const reviewer = await createUser(t.db, { username: 'ada' });
  await createReview(t.db, { userId: reviewer.id, productId: dress.id, rating: 4, comment: 'Soft & light.' });
  await t.db.update(products).set({ rating: 4, reviewCount: 1 }).where(eq(products.id, dress.id));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

describe('a product page as a crawler reads it', () => {
  it('has its name, price, description and breadcrumb in the HTML, with its own title and canonical address', async () => {
    const page = await crawl(t, `/shop/${dress.id}`);
    expect(page.status).toBe(200);
    expect(page.title).toBe('Linen Wrap Dress | Lebaba');
    expect(page.description).toBe('A wrap dress in washed linen, cut to move.');
    expect(page.canonical).toBe(`http://shop.test/shop/${dress.id}`);
    expect(page.og('type')).toBe('product');
    // The picture made for link previews, its size said so a preview is drawn before it loads.
    expect(page.og('image')).toMatch(/^http:\/\/shop\.test\/uploads\/.+-share\.jpg$/);
    expect(page.og('image:width')).toBe('1200');
    expect(page.og('image:height')).toBe('630');
    expect(page.html).toContain('89.99');
    expect(page.html.match(/<title>/g)).toHaveLength(1);
    expect(page.html.match(/<meta name="description"/g)).toHaveLength(1);
  });

  it("carries ProductGroup JSON-LD with what Google's product rich results require, a variant per size", async () => {
    const product = (await crawl(t, `/shop/${dress.id}`)).ld('ProductGroup');
    expect(product).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Linen Wrap Dress',
      description: 'A wrap dress in washed linen, cut to move.',
      brand: { '@type': 'Brand', name: 'Lebaba' },
      aggregateRating: { '@type': 'AggregateRating', ratingValue: 4, reviewCount: 1 },
      review: [
        {
          '@type': 'Review',
          reviewRating: { ratingValue: 4 },
          author: { '@type': 'Person', name: 'ada' },
          reviewBody: 'Soft & light.',
        },
      ],
    });
    expect(product?.image).toEqual([expect.stringMatching(/^http:\/\/shop\.test\/uploads\/.+\.webp$/)]);
    expect(product).toMatchObject({ productGroupID: dress.id, variesBy: ['https://schema.org/size'] });
    const variants = product?.hasVariant as { name: string; size: string; offers: Record<string, string> }[];
    expect(
      variants.map((v) => [v.name, v.size, v.offers.price, v.offers.priceCurrency, v.offers.availability]),
    ).toEqual([
      ['Linen Wrap Dress, size M', 'M', '89.99', 'USD', 'https://schema.org/InStock'],
      ['Linen Wrap Dress, size L', 'L', '89.99', 'USD', 'https://schema.org/OutOfStock'],
    ]);
  });

  it("varies a product in colours by colour and size, each variant at its colour's address", async () => {
    const gown = await createProduct(t.db, {
      name: 'Satin Signet Ring',
      category: 'jewellery',
      color: 'black',
      colours: ['black', 'red'],
      sizeScale: 'ring',
      stock: [
        { size: '6', onHand: 2 },
        { size: '7', onHand: 0, colour: 'red' },
      ],
    });
    const group = (await crawl(t, `/shop/${gown.id}`)).ld('ProductGroup');
    expect(group?.variesBy).toEqual(['https://schema.org/color', 'https://schema.org/size']);
    const variants = group?.hasVariant as { name: string; color: string; offers: Record<string, string> }[];
    expect(variants.map((v) => [v.name, v.color, v.offers.url, v.offers.availability])).toEqual([
      [
        'Satin Signet Ring, Black, size 6',
        'Black',
        `http://shop.test/shop/${gown.id}?colour=black`,
        'https://schema.org/InStock',
      ],
      [
        'Satin Signet Ring, Red, size 6',
        'Red',
        `http://shop.test/shop/${gown.id}?colour=red`,
        'https://schema.org/InStock',
      ],
      [
        'Satin Signet Ring, Red, size 7',
        'Red',
        `http://shop.test/shop/${gown.id}?colour=red`,
        'https://schema.org/OutOfStock',
      ],
    ]);
  });

  it('has a breadcrumb: home, the category, the product', async () => {
    const crumbs = (await crawl(t, `/shop/${dress.id}`)).ld('BreadcrumbList')?.itemListElement as {
      position: number;
      name: string;
      item: string;
    }[];
    expect(crumbs).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Home', item: 'http://shop.test/' },
      { '@type': 'ListItem', position: 2, name: 'Dress Collection', item: 'http://shop.test/categories/dress' },
      { '@type': 'ListItem', position: 3, name: 'Linen Wrap Dress', item: `http://shop.test/shop/${dress.id}` },
    ]);
  });

  it('a one-size product has a single offer and no rating it does not have', async () => {
    const product = (await crawl(t, `/shop/${belt.id}`)).ld('Product');
    expect(product?.offers).toMatchObject({ '@type': 'Offer', price: '12.50', priceCurrency: 'USD' });
    expect(product).not.toHaveProperty('aggregateRating');
    expect(product).not.toHaveProperty('review');
  });
});

describe('pages that do not exist', () => {
  it('answer 404 with the not-found page for an unknown product, a malformed id and an unknown category', async () => {
    for (const url of ['/shop/00000000-0000-4000-8000-000000000000', '/shop/not-an-id', '/categories/shoes']) {
      const page = await crawl(t, url);
      expect(page.status, url).toBe(404);
      expect(page.title, url).toBe('Page not found | Lebaba');
      expect(page.robots, url).toBe('noindex');
      expect(page.html, url).toContain('<div id="root">');
    }
  });

  it('answer 400 to an address that is not even well encoded', async () => {
    for (const url of ['/shop/%E0%A4%A', '/categories/%ZZ']) expect((await crawl(t, url)).status, url).toBe(400);
  });
});

describe('the listing pages', () => {
  it('a category lists its products in an ItemList, with a breadcrumb', async () => {
    const page = await crawl(t, '/categories/dress');
    expect(page.status).toBe(200);
    expect(page.title).toBe('Dress Collection | Lebaba');
    expect(page.canonical).toBe('http://shop.test/categories/dress');
    const list = page.ld('ItemList')?.itemListElement as { position: number; url: string; name: string }[];
    expect(list.map((item) => item.url)).toEqual([`http://shop.test/shop/${dress.id}`]);
    expect(page.ld('BreadcrumbList')).toBeDefined();
  });

  it('the shop lists the page of products its address names, its canonical address in the app’s own order', async () => {
    const page = await crawl(t, '/shop?color=black&category=accessories');
    expect(page.title).toBe('Shop | Lebaba');
    expect(page.canonical).toMatch(/^http:\/\/shop\.test\/shop\?/);
    expect(page.canonical).toContain('category=accessories');
    const list = page.ld('ItemList')?.itemListElement as { url: string }[];
    expect(list.map((item) => item.url)).toEqual([`http://shop.test/shop/${belt.id}`]);
  });

  it('a bad query string falls back to the whole shop, never an error', async () => {
    const page = await crawl(t, '/shop?page=-4&minPrice=abc&category=%ZZ&sort=%00');
    expect(page.status).toBe(200);
    expect(page.title).toBe('Shop | Lebaba');
  });
});

describe('the home page', () => {
  it('names the shop and offers a search box to search engines', async () => {
    const page = await crawl(t, '/');
    expect(page.title).toBe('Dresses, accessories, jewellery & cosmetics | Lebaba'.replace('&', '&amp;'));
    expect(page.canonical).toBe('http://shop.test/');
    expect(page.ld('Organization')).toMatchObject({ name: 'Lebaba', url: 'http://shop.test/' });
    expect(page.ld('WebSite')).toMatchObject({
      potentialAction: {
        '@type': 'SearchAction',
        target: { urlTemplate: 'http://shop.test/search?q={search_term_string}' },
        'query-input': 'required name=search_term_string',
      },
    });
  });
});

describe('pages kept out of search engines', () => {
  it('search, the dashboards, the order pages and the wishlist say noindex and name no canonical address', async () => {
    for (const url of ['/search?q=dress', '/dashboard', '/dashboard/orders', '/success', '/orders/abc', '/wishlist']) {
      const page = await crawl(t, url);
      expect(page.robots, url).toBe('noindex');
      if (url !== '/search?q=dress') expect(page.canonical, url).toBeUndefined();
    }
  });
});

describe('titles and canonical addresses', () => {
  it('are unique per public page', async () => {
    const urls = ['/', '/shop', '/categories/dress', '/categories/jewellery', `/shop/${dress.id}`, `/shop/${belt.id}`];
    const pages = await Promise.all(urls.map((url) => crawl(t, url)));
    expect(new Set(pages.map((p) => p.title)).size).toBe(urls.length);
    expect(new Set(pages.map((p) => p.canonical)).size).toBe(urls.length);
  });
});

describe('text from the catalogue or the address', () => {
  it('stays text in the HTML, the meta tags and the JSON-LD', async () => {
    const page = await crawl(t, `/shop/${hostileProduct.id}`);
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('<script>alert(1)');
    expect(page.title).toBe('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; | Lebaba');
    expect(page.og('title')).toBe('&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt; | Lebaba');
    // The JSON-LD gives the name back exactly, once parsed: escaped for the script, not changed.
    expect(page.ld('Product')?.name).toBe(hostile);
    expect(page.ld('Product')?.description).toBe(`"${hostile}`);
  });

  it("keeps a name with replacement patterns ($& and $') as it is", async () => {
    const dollars = await createProduct(t.db, { name: "Tote $& Pouch $' set", category: 'accessories' });
    const page = await crawl(t, `/shop/${dollars.id}`);
    expect(page.title).toBe("Tote $&amp; Pouch $' set | Lebaba");
    expect(page.ld('Product')?.name).toBe("Tote $& Pouch $' set");
    expect(page.html.match(/<\/head>/g)).toHaveLength(1);
    expect(page.html.match(/<body>/g)).toHaveLength(1);
  });

  it('a hostile search never reaches the HTML as markup', async () => {
    const page = await crawl(t, `/search?q=${encodeURIComponent('"><img src=x onerror=alert(1)>')}`);
    expect(page.status).toBe(200);
    expect(page.html).not.toContain('<img src=x');
    expect(page.html).not.toContain('onerror=alert(1)>');
  });
});
