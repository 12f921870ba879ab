import { idParamsSchema } from '@shop/contract/common';
import { fitSummarySchema } from '@shop/contract/fit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCachedJson } from '../../platform/http-cache';
import { CatalogueCache } from '../products/catalogue-cache';
import { fitSummary } from './fit.service';

/** Fit summaries kept per instance: many products' pages, each a few hundred bytes. */
const KEPT_SUMMARIES = 5_000;
/**
 * How long a product's fit summary is sent before it is read again. Fit moves by one review or return in
 * many, so a minute late costs nothing, and a popular product's buyers are read once a minute, not per view.
 */
const FIT_SUMMARY_TTL_MS = 60_000;

/** GET /api/products/:id/fit: apart from the product's answer, so that answer stays one indexed read. */
export const fitRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.deps;
  const summaries = new CatalogueCache({ maxEntries: KEPT_SUMMARIES, ttlMs: FIT_SUMMARY_TTL_MS });

  app.get(
    '/:id/fit',
    { config: { auth: 'public' }, schema: { params: idParamsSchema, response: { 200: fitSummarySchema } } },
    async (request, reply) => {
      const id = request.params.id.toLowerCase();
      const answer = await summaries.get(`fit:${id}`, async () => fitSummarySchema.parse(await fitSummary(db, id)));
      return sendCachedJson(request, reply, answer);
    },
  );
};
