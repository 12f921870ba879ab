import { apiPaths } from '@shop/contract/api-paths';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RateLimiter } from '../../platform/rate-limit';
import { IN_PROCESS_HEADER } from '../../platform/storefront-render';
import type { ServedPage } from '../../platform/web-app';
import type { ActivityCounter } from './activity-counter';
import { countProductView } from './insight.service';

const PRODUCT_ANSWER = apiPaths.product(':id');
/** The list's route is registered without the trailing slash its address is written with. */
const PRODUCT_LIST = apiPaths.products.replace(/\/$/, '');
const CHECKOUT = apiPaths.createCheckoutSession;
const PRODUCT_PAGE = /^\/shop\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;
/** Search engines and link previews ask for pages nobody looks at. */
const ROBOT = /(?:bot|crawler|spider|slurp|lighthouse|facebookexternalhit)\b/i;
/** An empty list's answer is short; a list with products in it is never parsed to find out. */
const EMPTY_LIST_MAX_LENGTH = 400;

/**
 * A shopper's request: not the server rendering a page for its cache (in process), not a robot, not the
 * shop's own staff looking at their catalogue.
 */
function byShopper(request: FastifyRequest): boolean {
  if (request.headers[IN_PROCESS_HEADER]) return false;
  if (ROBOT.test(request.headers['user-agent'] ?? '')) return false;
  return request.user?.role !== 'admin';
}

export interface ActivityDeps {
  activity: ActivityCounter;
  rateLimiter: RateLimiter;
}

/** A product view; a view that cannot be counted is logged, never an error for the shopper. */
function viewed(deps: ActivityDeps, request: FastifyRequest, productId: string): Promise<void> {
  return countProductView(deps, request.ip, productId).then(
    () => undefined,
    (err: unknown) => request.log.warn({ err }, 'a product view could not be counted'),
  );
}

/**
 * Counts the shop's own requests as they are answered (after the answer has gone, so no request waits for
 * it): a product's answer to the web app (a 304 is the browser asking again for a product it shows again),
 * a checkout session opened, and a search that found nothing. A product page the server rendered is counted
 * where it is served (`countProductPage`), since it comes from the page cache and its render asks for the
 * product in process. Registered at the root, before the routes.
 */
export function countShopActivity(app: FastifyInstance, deps: ActivityDeps): void {
  const { activity } = deps;
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url;
    if (route === PRODUCT_ANSWER) {
      const served = reply.statusCode === 200 || reply.statusCode === 304;
      const { id } = request.params as { id?: string };
      if (request.method === 'GET' && served && id && byShopper(request)) await viewed(deps, request, id);
    } else if (route === CHECKOUT) {
      if (request.method === 'POST' && reply.statusCode === 200) activity.count('checkout_started');
    }
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (request.routeOptions.url !== PRODUCT_LIST || request.method !== 'GET' || reply.statusCode !== 200) return;
    const { q, page } = request.query as { q?: string; page?: number };
    // The first page only: a shopper paging through results asked once.
    if (!q || (page ?? 1) > 1 || typeof payload !== 'string' || payload.length > EMPTY_LIST_MAX_LENGTH) return;
    if ((JSON.parse(payload) as { totalProducts?: number }).totalProducts === 0 && byShopper(request)) {
      activity.searchMissed(q);
    }
  });
}

/** A product page served to a shopper, from the page cache or rendered for them: one product view. */
export function countProductPage(deps: ActivityDeps) {
  return (request: FastifyRequest, address: URL, page: ServedPage): void => {
    // A page the browser renders itself asks for the product's answer, which is counted instead.
    if (request.method !== 'GET' || page.status !== 200 || !page.rendered) return;
    const productId = PRODUCT_PAGE.exec(address.pathname)?.[1];
    if (productId && byShopper(request)) void viewed(deps, request, productId);
  };
}
