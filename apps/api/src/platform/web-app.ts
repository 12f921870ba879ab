import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { Negotiator } from '@fastify/accept-negotiator';
import fastifyStatic from '@fastify/static';
import { SERVER_STATE_ELEMENT_ID } from '@shop/contract/seo';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import { KeptText } from './kept-text';
import { type PageHint, type PageHintsSource, readManifest, staticPageHints, withPageHints } from './page-hints';
import { type RenderedPageShell, renderedPageShell, withPageScripts } from './page-scripts';

/** A page's own head: its status, title and the tags that describe it (modules/seo/page-head.ts). */
export interface RenderedHead {
  status: number;
  title: string;
  tags: string;
}
export type HeadSource = (address: URL) => Promise<RenderedHead | undefined>;

/** A page's body rendered on the server: the app's HTML, and its state as JSON safe inside a script. */
export interface RenderedBody {
  /** 404 when the address is no page of the app. */
  status: number;
  /** False when a loader's answer did not come in time and the page shows it loading. */
  complete: boolean;
  html: string;
  state: string;
}
/** The web app's server render of its pages (platform/storefront-render.ts). */
export interface StorefrontRenderer {
  /** The page at `address`, or undefined where the browser renders it alone. */
  render: (address: URL) => Promise<RenderedBody | undefined>;
  /** The address `address` renders the same as: its path and only what the page reads of its query string. */
  pageAddress: (address: URL) => URL;
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * index.html with the page's title, and its tags in place of the app's default description. The new text
 * is given by functions: a replacement string would read `$&` or `$'` in a product's name as patterns.
 */
export function withHead(indexHtml: string, head: RenderedHead): string {
  return indexHtml
    .replace(/<title>[^<]*<\/title>/i, () => `<title>${escapeText(head.title)}</title>`)
    .replace(/\s*<meta\s+name="description"[^>]*>/i, '')
    .replace('</head>', () => `  ${head.tags}\n  </head>`);
}

/** index.html with the server's render of the page in the app's root, and the state it was rendered from. */
export function withBody(indexHtml: string, body: RenderedBody): string {
  return indexHtml.replace(
    '<div id="root"></div>',
    () =>
      `<div id="root">${body.html}</div>\n    <script type="application/json" id="${SERVER_STATE_ELEMENT_ID}">${body.state}</script>`,
  );
}

type PageEncoding = 'br' | 'gzip';

/** The encoding a browser takes for a page, by its own preferences, brotli before gzip when it likes both. */
const pageEncodings = new Negotiator<PageEncoding>({ supportedValues: ['br', 'gzip'] });

/** Brotli at a middle quality: a few milliseconds for a rendered page, most of what the best would save. */
const PAGE_BROTLI_QUALITY = 5;

function compressPage(html: string, encoding: PageEncoding): Buffer {
  return encoding === 'br'
    ? zlib.brotliCompressSync(html, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: PAGE_BROTLI_QUALITY,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(html),
        },
      })
    : zlib.gzipSync(html);
}

/** A page as it goes out, and whether all of it came (a page missing a part is not kept). */
interface ComposedPage {
  status: number;
  html: string;
  whole: boolean;
  /** The server rendered its body: the browser shows it without asking the API for its data. */
  rendered: boolean;
}

/** What a served page was, for those who count them (modules/insight/activity-tracking.ts). */
export type ServedPage = Pick<ComposedPage, 'status' | 'rendered'>;

/** Where whole pages are kept: the catalogue's cache, whose writes drop them with its answers. */
export interface PageCache {
  get(key: string, load: () => Promise<unknown>): Promise<{ body: string }>;
}

class NotForTheCache extends Error {
  constructor(readonly page: ComposedPage) {
    super('a page missing a part is not kept');
  }
}

/**
 * A kept page read once per cache entry, and compressed once per encoding: the cache hands back the same
 * entry until a write drops it, and the entry takes these with it. The page is kept as its status line and
 * its HTML, so the page read from it shares the kept text (a slice) instead of holding a second copy.
 */
const readPages = new WeakMap<object, ComposedPage>();
const encodedPages = new WeakMap<ComposedPage, Partial<Record<PageEncoding, Buffer>>>();

const keptPageText = (page: ComposedPage) => new KeptText(`${page.status} ${page.rendered ? 1 : 0}\n${page.html}`);

function readKeptPage(text: string): ComposedPage {
  const lineEnd = text.indexOf('\n');
  const [status, rendered] = text.slice(0, lineEnd).split(' ');
  return { status: Number(status), rendered: rendered === '1', whole: true, html: text.slice(lineEnd + 1) };
}

function encodedPage(page: ComposedPage, encoding: PageEncoding): Buffer {
  let encoded = encodedPages.get(page);
  if (!encoded) {
    encoded = {};
    encodedPages.set(page, encoded);
  }
  encoded[encoding] ??= compressPage(page.html, encoding);
  return encoded[encoding];
}

/** The page from the cache, or composed and kept there when it is whole. */
async function keptPage(cache: PageCache, key: string, compose: () => Promise<ComposedPage>): Promise<ComposedPage> {
  try {
    const kept = await cache.get(key, async () => {
      const composed = await compose();
      if (!composed.whole) throw new NotForTheCache(composed);
      return keptPageText(composed);
    });
    let page = readPages.get(kept);
    if (!page) {
      page = readKeptPage(kept.body);
      readPages.set(kept, page);
    }
    return page;
  } catch (err) {
    if (err instanceof NotForTheCache) return err.page;
    throw err;
  }
}

interface PageParts {
  /** How a rendered page starts instead of index.html, when the build has a hydrate script. */
  renderedShell: RenderedPageShell | undefined;
  routeHints: (pathname: string) => PageHint[];
  domainHints: readonly PageHintsSource[];
  pageHead: HeadSource | undefined;
  renderer: StorefrontRenderer | undefined;
}

/** index.html made into the page at `address`: its hints, its head and, where the server renders it, its body. */
async function composePage(
  log: FastifyBaseLogger,
  indexHtml: string,
  address: URL,
  parts: PageParts,
): Promise<ComposedPage> {
  const url = address.pathname;
  let whole = true;
  const hints = parts.routeHints(url);
  for (const source of parts.domainHints) {
    try {
      hints.push(...(await source(address)));
    } catch (err) {
      // A hint only speeds the page up: without it the page still loads what it needs.
      log.warn({ err, url }, 'page hints failed');
      whole = false;
    }
  }
  const head = await parts.pageHead?.(address).catch((err: unknown) => {
    // Without its own head the page still works: the app sets its title once it runs.
    log.warn({ err, url }, 'page head failed');
    whole = false;
    return undefined;
  });
  const body = await parts.renderer?.render(address).catch((err: unknown) => {
    // The browser renders the page itself, as it does every page the server does not.
    log.error({ err, url }, 'server rendering failed');
    whole = false;
    return undefined;
  });
  let html: string;
  if (body && parts.renderedShell) {
    // A rendered page carries its data (a hint to fetch it would be a request for what is already here),
    // and its code is loaded after it has painted, by its hydrate script: only its pictures are hinted.
    const { indexHtml: shell, scripts } = parts.renderedShell;
    const screenModules = hints.flatMap((hint) => (hint.kind === 'module' ? [hint.href] : []));
    html = withPageHints(
      shell,
      hints.filter((hint) => hint.kind === 'image'),
    );
    html = withPageScripts(html, scripts, screenModules);
  } else {
    html = withPageHints(indexHtml, body ? hints.filter((hint) => hint.kind !== 'data') : hints);
  }
  if (head) html = withHead(html, head);
  if (body) html = withBody(html, body);
  return {
    // Not found if either knows it: the head from the catalogue (an unknown product), the body from the app's pages.
    status: Math.max(head?.status ?? 200, body?.status ?? 200),
    html,
    // Only a rendered page is kept: one the browser renders is the same shell for every address.
    whole: whole && body?.complete === true,
    rendered: body !== undefined,
  };
}

/** An address that is no page of the web app: odd paths are answered with the page it renders, as a 404. */
const NO_SUCH_PAGE = '/page-not-found';

export interface WebAppParts {
  /** What only a domain knows a page will load, such as a product's picture. */
  domainHints?: readonly PageHintsSource[];
  pageHead?: HeadSource | undefined;
  /** Absent when the web app has no server build: pages are rendered in the browser. */
  renderer?: StorefrontRenderer | undefined;
  pageCache?: PageCache;
  /** Told of every page served, from the cache or not, after it is composed. */
  pageServed?: (request: FastifyRequest, address: URL, page: ServedPage) => void;
}

/**
 * Serves the built web app: hashed assets cached for a year, every other non-API path gets
 * index.html so the client router can answer it (its 404 page included), with hints for what that
 * page will load (page-hints.ts), its head and, where the server renders it, its body.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDistDir: string,
  { domainHints = [], pageHead, renderer, pageCache, pageServed }: WebAppParts = {},
): Promise<void> {
  const indexPath = path.join(webDistDir, 'index.html');
  const hasBuild = fs.existsSync(indexPath);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDistDir,
      prefix: '/',
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (apps/web/precompress.ts).
      preCompressed: true,
      setHeaders(res, filePath) {
        res.header(
          'Cache-Control',
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? 'public, max-age=31536000, immutable'
            : 'public, max-age=300',
        );
      },
    });
  }
  const indexHtml = hasBuild ? fs.readFileSync(indexPath, 'utf8') : undefined;
  const manifest = hasBuild ? readManifest(webDistDir) : undefined;
  const routeHints = staticPageHints(manifest);
  const renderedShell = indexHtml && renderer ? renderedPageShell(indexHtml, manifest) : undefined;

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/uploads/') || request.method !== 'GET') {
      return reply.status(404).send({ message: `Not found: ${request.method} ${url}` });
    }
    if (!indexHtml) {
      return reply.status(404).type('text/plain').send('The web app is not built. Run `npm run build` first.');
    }
    // The fixed origin in front keeps a hostile path (`//host:99999/`) from parsing as an address of its own.
    const asked = new URL(`http://shop.invalid${request.url}`);
    // A path that reads as another host (`//host/`) or that the parser rewrites (`/..`, `%2e%2e`, a
    // backslash) is no page of the shop: it gets the page that says so, never a page for what it became.
    const odd = url.startsWith('//') || asked.pathname !== url;
    // Rendered, and kept, once for every address that shows the same page.
    const address = odd ? new URL(NO_SUCH_PAGE, asked) : (renderer?.pageAddress(asked) ?? asked);
    const compose = () =>
      composePage(request.log, indexHtml, address, { renderedShell, routeHints, domainHints, pageHead, renderer });
    const key = `page:${address.pathname}${address.search}`;
    const kept = pageCache ? await keptPage(pageCache, key, compose) : await compose();
    const page = odd ? { ...kept, status: 404 } : kept;
    pageServed?.(request, address, page);
    reply.status(page.status).type('text/html').header('Cache-Control', 'no-cache').header('Vary', 'Accept-Encoding');
    // Compressed here: the app's compression hook is set on routes, and this handler is none. A rendered
    // page is tens of kilobytes of markup, a tenth of that compressed, which a phone on a slow line feels.
    const encoding = pageEncodings.negotiate(request.headers['accept-encoding'] ?? '');
    if (!encoding) return reply.send(page.html);
    return reply.header('Content-Encoding', encoding).send(encodedPage(page, encoding));
  });
}
