import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { apiPaths } from '@shop/contract/api-paths';
import { SERVER_STATE_ELEMENT_ID } from '@shop/contract/seo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createProduct, createReview, createUser, type TestUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web');

/** A page fetched as a crawler does: plain HTTP, no script run. */
async function crawl(t: TestApp, url: string) {
  const res = await t.app.inject({ method: 'GET', url });
  const root = /<div id="root">([\s\S]*?)<\/div>\s*<script type="application\/json"/.exec(res.body)?.[1];
  const state = new RegExp(`<script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">([^<]*)</script>`).exec(
    res.body,
  )?.[1];
  // Visible text, as a crawler that reads no script sees it.
  const text = (root ?? '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ');
  return { status: res.statusCode, html: res.body, root, text, state: state ? (JSON.parse(state) as unknown) : null };
}

/** A GET of `rawPath` exactly as written, over HTTP: no client library tidies it first. */
function rawGet(origin: string, rawPath: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${origin}/`, { path: rawPath }, (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          body += chunk;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      })
      .on('error', reject);
  });
}

let t: TestApp;
let admin: TestUser;
let dress: { id: string };
const hostile = '</script><script>alert(1)</script>';

beforeAll(async () => {
  const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-'));
  fs.writeFileSync(path.join(distDir, 'index.html'), fs.readFileSync(path.join(webDir, 'index.html'), 'utf8'));
  // The web app's own source, rendered as its server build renders it.
  t = await createTestApp({
    env: { WEB_DIST_DIR: distDir, WEB_SERVER_ENTRY: path.join(webDir, 'src/entry-server.tsx') },
  });
  admin = await createAdmin(t.db);
  dress = await createProduct(t.db, {
    name: 'Velvet Slip Dress',
    category: 'dress',
    color: 'black',
    description: 'A bias-cut slip dress in washed velvet, for evenings that run late.',
    priceCents: 12900,
    sizeScale: 'clothing',
    stock: [{ size: 'M', onHand: 4 }],
  });
  const reviewer = await createUser(t.db, { username: 'Odile Reviewer' });
  await createReview(t.db, { productId: dress.id, userId: reviewer.id, rating: 5, comment: 'Fits like a dream.' });
  await createProduct(t.db, { name: `${hostile} Satin Scarf`, category: 'accessories', priceCents: 3500 });
});

afterAll(() => t.close());

describe('the storefront rendered on the server', () => {
  it('renders a product page with its name, price, breadcrumb, description and reviews, and the data it came from', async () => {
    const page = await crawl(t, `/shop/${dress.id}`);
    expect(page.status).toBe(200);
    expect(page.root).toMatch(/<h1[^>]*>Velvet Slip Dress<\/h1>/);
    expect(page.text).toContain('$129.00');
    expect(page.text).toMatch(/Home › Shop › Velvet Slip Dress/);
    expect(page.text).toContain('A bias-cut slip dress in washed velvet, for evenings that run late.');
    expect(page.text).toContain('Fits like a dream.');
    expect(JSON.stringify(page.state)).toContain('Velvet Slip Dress');
    // Its picture, an upload, is offered as AVIF with the WebP behind it.
    expect(page.root).toMatch(
      /<picture[^>]*><source type="image\/avif" srcSet="\/uploads\/test-400\.avif 400w, [^"]*\/uploads\/test-1200\.avif 1200w" sizes="[^"]+" class="hidden"\/><img src="\/uploads\/test\.webp" srcSet="\/uploads\/test-400\.webp 400w, [^"]*" [^>]*alt="Velvet Slip Dress"/,
    );
  });

  it('renders the shop, a category and a search with their products', async () => {
    for (const url of ['/shop?category=dress', '/categories/dress', '/search?q=velvet']) {
      const page = await crawl(t, url);
      expect(page.status, url).toBe(200);
      expect(page.text, url).toContain('Velvet Slip Dress');
    }
    expect((await crawl(t, '/')).text).toContain('Lebaba');
  });

  it('renders the login and register forms, each label tied to its input, and their buttons', async () => {
    const forms = [
      { url: '/login', fields: { 'login-email': 'Email', 'login-password': 'Password' }, button: 'Login' },
      {
        url: '/register',
        fields: { 'register-username': 'Username', 'register-email': 'Email', 'register-password': 'Password' },
        button: 'Register',
      },
    ];
    for (const { url, fields, button } of forms) {
      const page = await crawl(t, url);
      expect(page.status, url).toBe(200);
      for (const [id, label] of Object.entries(fields)) {
        expect(page.root, url).toMatch(new RegExp(`<label for="${id}"[^>]*>${label}</label>`));
        expect(page.root, url).toMatch(new RegExp(`<input [^>]*id="${id}"`));
      }
      expect(page.root, url).toMatch(new RegExp(`<button [^>]*type="submit"[^>]*>${button}</button>`));
    }
  });

  it('posts the password forms, so a submit before the script runs puts no password in the address', async () => {
    for (const url of ['/login', '/register']) {
      const page = await crawl(t, url);
      expect(page.root, url).toMatch(/<form [^>]*method="post"/);
      expect(page.root, url).not.toMatch(/<form (?![^>]*method="post")[^>]*>/);
    }
  });

  it('answers an unknown page, product or category with 404 and the page that says so', async () => {
    for (const url of ['/no-such-page', '/shop/00000000-0000-4000-8000-000000000000', '/categories/hats']) {
      const page = await crawl(t, url);
      expect(page.status, url).toBe(404);
      expect(page.root, url).toBeTruthy();
    }
    expect((await crawl(t, '/no-such-page')).text).toContain('Page not found');
  });

  it('answers an odd path with 404 and the page that says so, never a 500', async () => {
    // Over HTTP: `inject` would resolve the dot segments before the shop saw them.
    const origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const paths = ['//evil.test/%2e%2e', '//evil.test/shop', '/shop/%2e%2e', '/categories/%2E%2E/login', '/x/../shop'];
    for (const rawPath of paths) {
      const page = await rawGet(origin, rawPath);
      expect(page.status, rawPath).toBe(404);
      expect(page.body, rawPath).toContain('Page not found');
    }
  });

  it('falls back on a query string it cannot read, never a 500', async () => {
    for (const url of [
      '/shop?page=abc&minPrice=-5&color=plaid&sort=%00',
      '/search?q=%E0%A4%A',
      '/search?q=a%00b',
      '/shop?category=',
    ]) {
      const page = await crawl(t, url);
      expect(page.status, url).toBeLessThan(500);
    }
  });

  it('renders text from the catalogue as text: a product named to end a script stays in its element', async () => {
    const page = await crawl(t, `/search?q=${encodeURIComponent('Satin Scarf')}`);
    expect(page.text).toContain(`${hostile} Satin Scarf`);
    expect(page.html).not.toContain(hostile);
    expect(JSON.stringify(page.state)).toContain(hostile);
  });

  it('sends a page compressed to a browser that takes it, the same page once unpacked', async () => {
    const plain = await t.app.inject({ method: 'GET', url: '/shop?category=dress' });
    for (const [accepted, encoding, unpack] of [
      ['gzip, deflate, br', 'br', zlib.brotliDecompressSync],
      ['gzip', 'gzip', zlib.gunzipSync],
    ] as const) {
      const res = await t.app.inject({
        method: 'GET',
        url: '/shop?category=dress',
        headers: { 'accept-encoding': accepted },
      });
      expect(res.headers['content-encoding']).toBe(encoding);
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
      expect(unpack(res.rawPayload).toString('utf8')).toBe(plain.body);
    }
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('keeps the dashboards, the order pages and the reset link to the browser', async () => {
    for (const url of ['/dashboard', '/dashboard/orders', '/success', '/forgot-password', '/reset-password']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.body, url).toContain('<div id="root"></div>');
      expect(res.body, url).not.toContain(SERVER_STATE_ELEMENT_ID);
    }
  });

  it('renders and keeps one page for addresses that differ only in what the page does not read', async () => {
    const same = [
      [`/shop/${dress.id}`, `/shop/${dress.id}?utm_source=newsletter`, `/shop/${dress.id}?visit=2&visit=3`],
      [
        '/shop?category=dress&color=black',
        '/shop?color=black&category=dress&ref=ad',
        '/shop?category=dress&color=black&page=1',
      ],
      ['/search?q=velvet', '/search?q=velvet&from=home'],
    ];
    for (const addresses of same) {
      const pages = await Promise.all(addresses.map((url) => crawl(t, url)));
      const cached = t.app.deps.catalogueCache.size;
      for (const url of addresses) await crawl(t, url);
      // Asked again, every one of them is served from the one entry they made.
      expect(t.app.deps.catalogueCache.size, addresses[0]).toBe(cached);
      for (const page of pages) expect(page.html, addresses[0]).toBe(pages[0]?.html);
    }
    // What the page does read still makes a page of its own.
    expect((await crawl(t, '/search?q=scarf')).text).toContain('Satin Scarf');
    expect((await crawl(t, '/shop?category=accessories')).text).not.toContain('Velvet Slip Dress');
  });

  it('serves a rendered page from the cache until a write changes the catalogue, then the new one', async () => {
    expect((await crawl(t, `/shop/${dress.id}`)).text).toContain('$129.00');
    const res = await t.app.inject({
      method: 'PATCH',
      url: apiPaths.updateProduct(dress.id),
      headers: admin.headers,
      payload: { price: 99.5 },
    });
    expect(res.statusCode).toBe(200);
    const page = await crawl(t, `/shop/${dress.id}`);
    expect(page.text).toContain('$99.50');
    expect(page.text).not.toContain('$129.00');
  });
});
