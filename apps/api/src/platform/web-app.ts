import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { type PageHintsSource, readManifest, staticPageHints, withPageHints } from './page-hints';

/** A page's own head: its status, title and the tags that describe it (modules/seo/page-head.ts). */
export interface RenderedHead {
  status: number;
  title: string;
  tags: string;
}
export type HeadSource = (address: URL) => Promise<RenderedHead | undefined>;

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

/**
 * Serves the built web app: hashed assets cached for a year, every other non-API path gets
 * index.html so the client router can answer it (its 404 page included), with hints for what that
 * page will load (page-hints.ts). `domainHints` adds what only a domain knows, such as a product's
 * picture.
 */
export async function registerWebApp(
  app: FastifyInstance,
  webDistDir: string,
  domainHints: readonly PageHintsSource[] = [],
  pageHead?: HeadSource,
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
  const routeHints = staticPageHints(hasBuild ? readManifest(webDistDir) : undefined);

  app.setNotFoundHandler(async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url === '/api' || url.startsWith('/api/') || url.startsWith('/uploads/') || request.method !== 'GET') {
      return reply.status(404).send({ message: `Not found: ${request.method} ${url}` });
    }
    if (!indexHtml) {
      return reply.status(404).type('text/plain').send('The web app is not built. Run `npm run build` first.');
    }
    const hints = routeHints(url);
    // The fixed origin in front keeps a hostile path (`//host:99999/`) from parsing as an address of its own.
    const address = new URL(`http://shop.invalid${request.url}`);
    for (const source of domainHints) {
      try {
        hints.push(...(await source(address)));
      } catch (err) {
        // A hint only speeds the page up: without it the page still loads what it needs.
        request.log.warn({ err, url }, 'page hints failed');
      }
    }
    const head = await pageHead?.(address).catch((err: unknown) => {
      // Without its own head the page still works: the app sets its title once it runs.
      request.log.warn({ err, url }, 'page head failed');
      return undefined;
    });
    const html = withPageHints(indexHtml, hints);
    return reply
      .status(head?.status ?? 200)
      .type('text/html')
      .header('Cache-Control', 'no-cache')
      .send(head ? withHead(html, head) : html);
  });
}
