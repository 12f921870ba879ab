import { Readable } from 'node:stream';
import { messageResponseSchema } from '@shop/contract/common';
import {
  activityBeaconSchema,
  insightRangeSchema,
  insightSummarySchema,
  ordersCsvFileName,
} from '@shop/contract/insight';
import { insightReturnsSchema } from '@shop/contract/insight-returns';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCachedJson } from '../../platform/http-cache';
import { insightSummary, recordBeacon } from './insight.service';
import { ordersCsv } from './orders-export';
import { returnRates } from './returns-rates';

/** A beacon is a kind and a product id: anything longer is not one. */
const BEACON_BODY_LIMIT = 1024;

export const insightRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, insight, rateLimiter, config } = app.deps;

  // Kept for a few seconds per range (as long as counts take to reach the database): an admin's dashboard
  // and its refreshes read a range's figures once, not once per request.
  app.get(
    '/summary',
    {
      config: { auth: 'admin' },
      schema: { querystring: insightRangeSchema, response: { 200: insightSummarySchema } },
    },
    async (request, reply) => {
      const range = request.query;
      const answer = await insight.answers.get(`summary:${range.from}:${range.to}`, async () =>
        insightSummarySchema.parse(await insightSummary(db, range)),
      );
      return sendCachedJson(request, reply, answer, 'private');
    },
  );

  // What came back of a range's sales, kept per range as the summary is.
  app.get(
    '/returns',
    {
      config: { auth: 'admin' },
      schema: { querystring: insightRangeSchema, response: { 200: insightReturnsSchema } },
    },
    async (request, reply) => {
      const range = request.query;
      const answer = await insight.answers.get(`returns:${range.from}:${range.to}`, async () =>
        insightReturnsSchema.parse(await returnRates(db, range)),
      );
      return sendCachedJson(request, reply, answer, 'private');
    },
  );

  app.get(
    '/orders.csv',
    { config: { auth: 'admin' }, schema: { querystring: insightRangeSchema } },
    async (request, reply) => {
      const lines = await ordersCsv(db, request.query);
      return reply
        .type('text/csv; charset=utf-8')
        .header('Content-Disposition', `attachment; filename="${ordersCsvFileName(request.query)}"`)
        .header('Cache-Control', 'private, no-store')
        .send(Readable.from(lines));
    },
  );

  app.post(
    '/events',
    {
      config: { auth: 'public' },
      bodyLimit: BEACON_BODY_LIMIT,
      schema: { body: activityBeaconSchema, response: { 202: messageResponseSchema } },
    },
    async (request, reply) => {
      await recordBeacon(
        {
          db,
          rateLimiter,
          activity: insight.activity,
          beaconsPerMinute: config.insight.cartBeaconsPerIpPerMinute,
        },
        request.ip,
        request.body,
      );
      // The same answer whether it counted or was a repeat: a client learns nothing from it.
      return reply.status(202).send({ message: 'Noted' });
    },
  );
};
