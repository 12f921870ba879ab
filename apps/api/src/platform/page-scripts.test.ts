import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PAGE_SCRIPTS_ELEMENT_ID, type PageScripts } from '@shop/contract/page-scripts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import { renderedPageShell } from './page-scripts';

const webDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web');

// index.html as Vite builds it: the app's entry, a chunk it preloads, and the stylesheet.
const INDEX_HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Lebaba</title>
    <script type="module" crossorigin src="/assets/index-1.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/react-dom-1.js">
    <link rel="stylesheet" crossorigin href="/assets/index-1.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

const MANIFEST = {
  'index.html': { file: 'assets/index-1.js', isEntry: true, imports: ['_react-dom-1.js'] },
  '_react-dom-1.js': { file: 'assets/react-dom-1.js' },
  'src/hydrate.ts': { file: 'assets/hydrate-1.js', isEntry: true },
  'src/app/routes/product-route.tsx': { file: 'assets/product-route-1.js', isDynamicEntry: true },
};

const scriptsOf = (html: string): PageScripts | null => {
  const json = new RegExp(`<script type="application/json" id="${PAGE_SCRIPTS_ELEMENT_ID}">([^<]*)</script>`).exec(
    html,
  );
  return json?.[1] ? (JSON.parse(json[1]) as PageScripts) : null;
};

describe('the scripts of a page', () => {
  let t: TestApp;
  let product: { id: string };

  beforeAll(async () => {
    const distDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-web-'));
    fs.writeFileSync(path.join(distDir, 'index.html'), INDEX_HTML);
    fs.mkdirSync(path.join(distDir, '.vite'));
    fs.writeFileSync(path.join(distDir, '.vite', 'manifest.json'), JSON.stringify(MANIFEST));
    t = await createTestApp({
      env: { WEB_DIST_DIR: distDir, WEB_SERVER_ENTRY: path.join(webDir, 'src/entry-server.tsx') },
    });
    product = await createProduct(t.db, { name: 'Pleated Linen Skirt', priceCents: 7400 });
  });
  afterAll(() => t.close());

  it('a page the server rendered starts with the hydrate script alone, and names the app and its screen for it', async () => {
    const html = (await t.app.inject({ method: 'GET', url: `/shop/${product.id}` })).body;
    expect(html).toContain('Pleated Linen Skirt');
    const head = html.slice(0, html.indexOf('</head>'));
    // Only the small first script; nothing of the app's code is asked for before the page has painted.
    expect(head.match(/<script type="module"[^>]*>/g)).toEqual(['<script type="module" src="/assets/hydrate-1.js">']);
    expect(head).not.toContain('modulepreload');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/index-1.css">');
    expect(scriptsOf(html)).toEqual({
      entry: '/assets/index-1.js',
      imports: ['/assets/react-dom-1.js'],
      screen: ['/assets/product-route-1.js'],
    });
  });

  it('a page the browser renders alone loads the app as index.html does', async () => {
    const html = (await t.app.inject({ method: 'GET', url: '/dashboard/orders' })).body;
    expect(html).toContain('<script type="module" crossorigin src="/assets/index-1.js"></script>');
    expect(html).not.toContain('hydrate-1.js');
    expect(scriptsOf(html)).toBeNull();
  });
});

describe('renderedPageShell', () => {
  it('is none without a hydrate script in the build, so rendered pages load the app as before', () => {
    const { 'src/hydrate.ts': _hydrate, ...withoutHydrate } = MANIFEST;
    expect(renderedPageShell(INDEX_HTML, withoutHydrate)).toBeUndefined();
    expect(renderedPageShell(INDEX_HTML, undefined)).toBeUndefined();
  });
});
