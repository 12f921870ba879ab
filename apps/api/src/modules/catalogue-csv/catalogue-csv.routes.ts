import {
  CATALOGUE_CSV_FILE_NAME,
  CATALOGUE_CSV_MAX_BYTES,
  catalogueImportQuerySchema,
  catalogueImportResponseSchema,
} from '@shop/contract/catalogue-csv';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contextOf } from '../../platform/context';
import { invalid } from '../../platform/errors';
import { enforceRateLimit, rateLimitKey } from '../../platform/rate-limit';
import { catalogueCsv, importCatalogue } from './catalogue-csv.service';

/** An import is heavy work: an admin gets a few a minute, dry runs included. */
const IMPORTS_PER_MINUTE = 10;

export const catalogueCsvRoutes: FastifyPluginAsyncZod = async (app) => {
  // The file comes as the body's text; this parser serves only this plugin's routes.
  app.addContentTypeParser(['text/csv', 'text/plain'], { parseAs: 'string' }, (_request, body, done) => {
    done(null, String(body));
  });

  app.get('/export.csv', { config: { auth: 'admin' } }, async (_request, reply) => {
    const file = await catalogueCsv(app.deps.db);
    return reply
      .type('text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${CATALOGUE_CSV_FILE_NAME}"`)
      .header('Cache-Control', 'private, no-store')
      .send(file);
  });

  app.post(
    '/import',
    {
      config: { auth: 'admin' },
      bodyLimit: CATALOGUE_CSV_MAX_BYTES,
      schema: {
        querystring: catalogueImportQuerySchema,
        consumes: ['text/csv', 'text/plain'],
        body: z.string().nullish().meta({ description: 'The CSV file, sent as text/csv' }),
        // A file with problems is answered with them; a request refused before its file is read, with a message.
        response: {
          200: catalogueImportResponseSchema,
          400: z.union([catalogueImportResponseSchema, z.object({ message: z.string() })]),
        },
      },
    },
    async (request, reply) => {
      const ctx = contextOf(request);
      const file = request.body ?? '';
      if (file.trim() === '') throw invalid('The file is empty');
      await enforceRateLimit(
        app.deps.rateLimiter,
        rateLimitKey('catalogue-import', ctx.actor?.id ?? request.ip),
        { limit: IMPORTS_PER_MINUTE, windowSeconds: 60 },
        'catalogue imports',
      );
      const dryRun = request.query.dryRun === 'true';
      const result = await importCatalogue(ctx, app.deps.imageStorage, file, { dryRun });
      return reply.status(result.problems.length > 0 && !dryRun ? 400 : 200).send(result);
    },
  );
};
