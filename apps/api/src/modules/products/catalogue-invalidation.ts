import type { FastifyInstance } from 'fastify';

const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Writes that cannot change what the catalogue shows: signing in and out, a saved address, checkout
 * and orders (the stock they move drops only what shows it, from the services that move it), the hosted
 * payment page, a shopper's check of a discount code and the activity beacons a shopper's browsing
 * sends, image uploads (a product shows a new image only once it is updated). Every other successful
 * write (products, reviews that move a rating, users whose names sign reviews) drops the catalogue
 * cache, so a route added later is safe by default.
 */
const CATALOGUE_NEUTRAL_ROUTES = [
  /^\/api\/auth\/(login|login\/two-factor|logout|register|address)$/,
  /^\/api\/orders\//,
  /^\/checkout\//,
  /^\/api\/discounts\/check$/,
  /^\/api\/insight\/events$/,
  /^\/(api\/)?uploadImage$/,
];

/** Registered before the routes, at the root, so it sees every route's answer. */
export function dropCatalogueCacheOnWrites(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    if (READS.has(request.method) || reply.statusCode >= 400) return;
    const route = request.routeOptions.url ?? request.url;
    if (CATALOGUE_NEUTRAL_ROUTES.some((pattern) => pattern.test(route))) return;
    // Through the shop's events: this instance's cache goes at once, the other instances are told.
    app.deps.events.catalogueChanged();
  });
}
