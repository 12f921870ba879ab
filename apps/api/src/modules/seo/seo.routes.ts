import { Readable } from 'node:stream';
import { ROBOTS_DISALLOW, SITEMAP_INDEX_PATH } from '@shop/contract/seo';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../platform/errors';
import { pagesSitemap, pagesSitemapPath, productsSitemap, robotsTxt, sitemapIndex } from './sitemap.service';

/** Crawlers come back daily at most; an hour old is fresh enough, and a burst of them is answered once an hour. */
const CRAWLER_CACHE = 'public, max-age=3600';
const XML = 'application/xml; charset=utf-8';

const PRODUCTS_FILE = /^products-([1-9]\d{0,5})\.xml$/;
const fileSchema = z.object({ file: z.string().max(100) });

/** robots.txt and the sitemaps, so search engines find every public page and no private one. */
export const seoRoutes: FastifyPluginAsyncZod = async (app) => {
  const publicUrl = app.deps.config.publicUrl;

  app.get('/robots.txt', { config: { auth: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply
      .type('text/plain; charset=utf-8')
      .header('Cache-Control', CRAWLER_CACHE)
      .send(robotsTxt(publicUrl, ROBOTS_DISALLOW, SITEMAP_INDEX_PATH)),
  );

  app.get(SITEMAP_INDEX_PATH, { config: { auth: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply
      .type(XML)
      .header('Cache-Control', CRAWLER_CACHE)
      .send(await sitemapIndex(app.deps.db, publicUrl)),
  );

  app.get(pagesSitemapPath(), { config: { auth: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply
      .type(XML)
      .header('Cache-Control', CRAWLER_CACHE)
      .send(await pagesSitemap(app.deps.db, publicUrl)),
  );

  app.get(
    '/sitemaps/:file',
    {
      config: { auth: 'public' },
      schema: { params: fileSchema, hide: true },
      // Gzip, which every crawler reads: streaming brotli holds several more megabytes per file being sent.
      compress: { encodings: ['gzip'] },
    },
    async (request, reply) => {
      const n = PRODUCTS_FILE.exec(request.params.file)?.[1];
      const chunks = n ? await productsSitemap(app.deps.db, publicUrl, Number(n)) : null;
      if (!chunks) throw notFound('No such sitemap');
      return reply.type(XML).header('Cache-Control', CRAWLER_CACHE).send(Readable.from(chunks));
    },
  );
};
