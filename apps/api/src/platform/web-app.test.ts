import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { apiPaths } from '@shop/contract/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import { ROUTE_MODULES, renderPageHint } from './page-hints';

const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Shop</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/shared-1.js">
  </head>
  <body><div id="root"></div></body>
</html>`;

// The shape Vite writes with `build.manifest`: the entry, a lazy route and the chunks they import.
const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_shared-1.js'] },
  '_shared-1.js': { file: 'assets/shared-1.js' },
  '_price-1.js': { file: 'assets/price-1.js', imports: ['_shared-1.js'] },
  'src/app/routes/product-route.tsx': {
    file: 'assets/product-route-1.js',
    isDynamicEntry: true,
    imports: ['_shared-1.js', '_price-1.js'],
  },
};

const APP_SCRIPT = 'console.log("the shop");\n'.repeat(100);

let t: TestApp;
let distDir: string;

beforeAll(async () => {
  distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-'));
  fs.mkdirSync(path.join(distDir, '.vite'));
  fs.writeFileSync(path.join(distDir, 'index.html'), INDEX_HTML);
  fs.writeFileSync(path.join(distDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
  fs.mkdirSync(path.join(distDir, 'assets'));
  fs.writeFileSync(path.join(distDir, 'assets', 'index-1.js'), APP_SCRIPT);
  fs.writeFileSync(path.join(distDir, 'assets', 'index-1.js.br'), zlib.brotliCompressSync(APP_SCRIPT));
  t = await createTestApp({ env: { WEB_DIST_DIR: distDir } });
});

afterAll(async () => {
  await t?.close();
  fs.rmSync(distDir, { recursive: true, force: true });
});

const page = async (url: string, status = 200) => {
  const res = await t.app.inject({ method: 'GET', url });
  expect(res.statusCode).toBe(status);
  expect(res.headers['content-type']).toMatch(/text\/html/);
  return res.body;
};

describe('page hints in the HTML of each page', () => {
  it('a product page starts its route code, its data and its picture with the page', async () => {
    const product = await createProduct(t.db);
    const html = await page(`/shop/${product.id}`);
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/product-route-1.js">');
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/price-1.js">');
    // Loaded by index.html already: not hinted twice.
    expect(html.match(/shared-1\.js/g)).toHaveLength(1);
    expect(html).toContain(
      `<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/products/${product.id}">`,
    );
    // The AVIF set its <picture> shows, typed so that a browser without AVIF skips it.
    expect(html).toContain(
      '<link rel="preload" as="image" fetchpriority="high" href="/uploads/test-1200.avif" type="image/avif" ' +
        'imagesrcset="/uploads/test-400.avif 400w, /uploads/test-800.avif 800w, /uploads/test-1200.avif 1200w" ' +
        'imagesizes="(min-width: 1280px) 600px, (min-width: 768px) 50vw, 100vw">',
    );
    expect(html).not.toMatch(/as="image"[^>]*\.webp/);
    // Hints come before the app's script, so the browser starts them first: the picture, then the data, then code.
    expect(html.indexOf('product-route-1.js')).toBeLessThan(html.indexOf('index-1.js'));
    expect(html.indexOf('/uploads/test-1200.avif')).toBeLessThan(html.indexOf(`/api/products/${product.id}`));
    expect(html.indexOf(`/api/products/${product.id}`)).toBeLessThan(html.indexOf('product-route-1.js'));
  });

  it('an unknown or malformed product id gets the route code only, and the page still loads (as a 404)', async () => {
    for (const url of [`/shop/${randomUUID()}`, '/shop/not-an-id']) {
      const html = await page(url, 404);
      expect(html).toContain('product-route-1.js');
      expect(html).not.toContain('as="image"');
      expect(html).not.toContain('as="fetch"');
    }
  });

  it("the shop page starts the product page its address names, and the first cards' pictures", async () => {
    const older = await createProduct(t.db, { category: 'jewellery', createdAt: new Date(Date.now() - 60_000) });
    const newer = await createProduct(t.db, { category: 'jewellery' });
    await createProduct(t.db, { category: 'jewellery', createdAt: new Date(Date.now() - 120_000) });
    const html = await page('/shop?category=jewellery&limit=24&nonsense=1');
    const dataUrl = `${apiPaths.products}?category=jewellery&page=1&limit=24`;
    expect(html).toContain(
      `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${dataUrl.replaceAll('&', '&amp;')}">`,
    );
    // The preload is the very request the page makes, so its answer is the page's.
    const list = await t.app.inject({ method: 'GET', url: dataUrl });
    expect(
      list
        .json()
        .products.map((p: { _id: string }) => p._id)
        .slice(0, 2),
    ).toEqual([newer.id, older.id]);
    expect(html.match(/rel="preload" as="image"[^>]* type="image\/avif"/g)).toHaveLength(2);
    expect(html).toContain('imagesizes="(min-width: 1280px) 300px, (min-width: 1024px) 25vw');
  });

  it('a shop address with filters the shop does not know falls back to the plain first page', async () => {
    const html = await page('/shop?category=<script>&page=-4&price=1-2');
    expect(html).toContain(`href="${apiPaths.products}?page=1&amp;limit=12"`);
    expect(html).not.toContain('<script>&');
  });

  it('the home page hints its hero picture; a page without a lazy route gets the plain HTML', async () => {
    expect(await page('/')).toContain('<link rel="preload" as="image" fetchpriority="high" href="/images/hero.svg">');
    expect(await page('/no-such-page')).toBe(INDEX_HTML);
  });

  it('a path that looks like another address is a 404 with the page', async () => {
    for (const url of ['//example.com:99999/shop', '//evil.test/shop']) expect(await page(url, 404)).toBe(INDEX_HTML);
  });

  it('API paths are never answered with the page', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ message: 'Not found: GET /api/no-such-thing' });
  });
});

describe('assets', () => {
  it('are sent as the build compressed them, cached for a year', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/assets/index-1.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toBe(APP_SCRIPT);
    const plain = await t.app.inject({
      method: 'GET',
      url: '/assets/index-1.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(APP_SCRIPT);
  });
});

describe('page hints', () => {
  it('escapes what goes into an attribute', () => {
    expect(renderPageHint({ kind: 'image', href: '/uploads/a"><script>.webp' })).toBe(
      '<link rel="preload" as="image" fetchpriority="high" href="/uploads/a&quot;&gt;&lt;script&gt;.webp">',
    );
  });

  it('names route modules that exist in the web app', () => {
    const webRoot = path.resolve(import.meta.dirname, '../../../web');
    for (const { module } of ROUTE_MODULES) expect(fs.existsSync(path.join(webRoot, module)), module).toBe(true);
  });
});
