import { randomUUID } from 'node:crypto';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { withStorableText } from '@shop/contract/text';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyReply, LogController } from 'fastify';
import type { FastifyRouteSchemaDef } from 'fastify/types/schema';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { ZodType } from 'zod';
import type { AppDeps } from './app-deps';
import type { DatabaseHandle } from './db/client';
import { checkoutCancelRoutes } from './flows/checkout-cancel.routes';
import { emailConfirmationRoutes } from './flows/email-confirmation.routes';
import { fulfilCheckout } from './flows/fulfilment';
import { fulfilmentRoutes } from './flows/fulfilment.routes';
import { returnDecisionRoutes } from './flows/returns.routes';
import { auditRoutes } from './modules/audit/audit.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { userOfSession } from './modules/auth/sessions.service';
import { enrolBeforeAdminCalls, mustEnrolBeforeAdminCalls } from './modules/auth/two-factor.service';
import { backInStockRoutes } from './modules/back-in-stock/back-in-stock.routes';
import { catalogueCsvRoutes } from './modules/catalogue-csv/catalogue-csv.routes';
import { discountsRoutes } from './modules/discounts/discounts.routes';
import { fitRoutes } from './modules/fit/fit.routes';
import { countProductPage, countShopActivity } from './modules/insight/activity-tracking';
import { insightRoutes } from './modules/insight/insight.routes';
import { createInsight } from './modules/insight/insight-deps';
import { inventoryRoutes } from './modules/inventory/inventory.routes';
import { mailRoutes } from './modules/mail/mail.routes';
import { createMailSender } from './modules/mail/mail-sender';
import { fulfilDepsOf } from './modules/orders/fulfil-deps';
import { ordersRoutes } from './modules/orders/orders.routes';
import { createPaymentProvider } from './modules/payments/create-payment-provider';
import { paymentsRoutes } from './modules/payments/payments.routes';
import { CATALOGUE_CACHE_DEFAULTS, CatalogueCache } from './modules/products/catalogue-cache';
import { CATALOGUE_INDEX_DEFAULTS, CatalogueIndex } from './modules/products/catalogue-index';
import { dropCatalogueCacheOnWrites } from './modules/products/catalogue-invalidation';
import { stockMovedTags } from './modules/products/catalogue-tags';
import { productPageHints, shopPageHints } from './modules/products/product-page-hints';
import { productsRoutes } from './modules/products/products.routes';
import { returnsRoutes } from './modules/returns/returns.routes';
import { reviewsRoutes } from './modules/reviews/reviews.routes';
import { pageHeads, renderedPageHeads } from './modules/seo/page-head';
import { seoRoutes } from './modules/seo/seo.routes';
import { statsRoutes } from './modules/stats/stats.routes';
import { createImageStorage } from './modules/uploads/create-image-storage';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { usersRoutes } from './modules/users/users.routes';
import { wishlistRoutes } from './modules/wishlist/wishlist.routes';
import { authGuard, type RouteAuth } from './platform/auth-guard';
import type { AppConfig } from './platform/config';
import { registerErrorHandler } from './platform/error-handler';
import { isDatabaseUnavailable } from './platform/errors';
import { healthRoutes } from './platform/health.routes';
import { httpServerOptions } from './platform/http-server';
import { startJobQueue } from './platform/job-queue';
import { registerJsonBodies } from './platform/json-body';
import { createLogger } from './platform/logger';
import { createRateLimiter } from './platform/rate-limit';
import { registerRequestLog } from './platform/request-log';
import { sharedSecret } from './platform/secrets';
import { registerSecurityHeaders } from './platform/security-headers';
import { ShopEvents } from './platform/shop-events';
import { startShopEventsBroadcast } from './platform/shop-events-broadcast';
import { registerDraining } from './platform/shutdown';
import { storefrontRenderer } from './platform/storefront-render';
import { registerWebApp } from './platform/web-app';

export interface BuildAppOptions {
  config: AppConfig;
  database: DatabaseHandle;
  /** Replaces parts of the dependencies (tests point the payment provider at a fake, for example). */
  overrides?: Partial<AppDeps>;
  /** Where the app logs; without one it makes its own at the configured level, `false` is silent. */
  logger?: FastifyBaseLogger | false;
}

export const JSON_BODY_LIMIT = 1024 * 1024;
const KNOWN_DEVICE_SECRET = 'known-device-cookie';

/** The Fastify server itself: its logger, limits, request ids and the router's refusals. */
function createServer(options: BuildAppOptions): FastifyInstance {
  const { config } = options;
  return Fastify({
    ...(options.logger === false
      ? { logger: false }
      : { loggerInstance: options.logger ?? createLogger(config.logLevel) }),
    bodyLimit: JSON_BODY_LIMIT,
    ...httpServerOptions(config),
    // One line per request with its route (platform/request-log.ts) instead of Fastify's two.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && /^[\w-]{1,100}$/.test(given) ? given : randomUUID();
    },
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true },
    // The router refuses a malformed or over-long path parameter before any handler: same `{ message }` shape.
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const tooLong = error.code === 'FST_ERR_MAX_PARAM_LENGTH';
      void reply
        .status(tooLong ? 414 : 400)
        .send({ message: tooLong ? 'The address is too long' : 'The address is malformed' });
    },
  });
}

/** The shop's dependencies, every one replaceable through `options.overrides`. */
async function createAppDeps(app: FastifyInstance, options: BuildAppOptions): Promise<AppDeps> {
  const { config, database } = options;
  return {
    config,
    database,
    db: database.db,
    rateLimiter: createRateLimiter(config, app.log),
    imageStorage: createImageStorage(config),
    paymentProvider: options.overrides?.paymentProvider ?? createPaymentProvider(config, database.db),
    catalogueCache: new CatalogueCache({
      ...CATALOGUE_CACHE_DEFAULTS,
      staleIfErrorMs: config.catalogueStaleIfErrorMs,
      servesStaleOn: isDatabaseUnavailable,
    }),
    catalogueIndex: new CatalogueIndex(database.db, {
      ...CATALOGUE_INDEX_DEFAULTS,
      ttlMs: config.catalogueIndexMs,
      onError: (err) =>
        app.log.warn({ err }, 'the catalogue index could not be read; lists are read from the database'),
    }),
    knownDeviceSecret: await sharedSecret(database.db, KNOWN_DEVICE_SECRET),
    lifecycle: { shuttingDown: false },
    events: new ShopEvents(),
    jobs:
      options.overrides?.jobs ??
      (await startJobQueue(database, app.log, { mailRetryDelayMaxSeconds: config.mail.retryDelayMaxSeconds })),
    mailSender: options.overrides?.mailSender ?? createMailSender(config),
    insight: createInsight(database.db, app.log, config),
    ...options.overrides,
  };
}

/** The pieces every route stands on: errors, the request log, bodies, headers, docs and the auth guard. */
async function registerPlatform(app: FastifyInstance, deps: AppDeps, routeAuth: RouteAuth[]): Promise<void> {
  const { config } = deps;
  registerErrorHandler(app);
  registerRequestLog(app);
  registerDraining(app);
  registerJsonBodies(app);
  await registerSecurityHeaders(app);
  await app.register(cookie);
  await app.register(compress, { global: true, threshold: 1024, encodings: ['br', 'gzip'] });
  await app.register(swagger, {
    openapi: { info: { title: 'Shop API', version: '1.0.0' } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', uiConfig: { docExpansion: 'list' } });
  await app.register(authGuard, {
    userOfSession: (token) => userOfSession(deps.db, token),
    routes: routeAuth,
    adminRefusal: (user) => (mustEnrolBeforeAdminCalls(config, user) ? enrolBeforeAdminCalls() : null),
  });
  dropCatalogueCacheOnWrites(app);
  countShopActivity(app, { activity: deps.insight.activity, rateLimiter: deps.rateLimiter });
}

/** The API's routes by prefix, the hosted checkout's pages and the flows' routes. */
async function registerShopRoutes(app: FastifyInstance, deps: AppDeps): Promise<void> {
  await app.register(healthRoutes, { prefix: '/api' });
  await app.register(authRoutes, { prefix: '/api/auth' });
  await app.register(usersRoutes, { prefix: '/api/auth' });
  await app.register(emailConfirmationRoutes, { prefix: '/api/auth' });
  await app.register(productsRoutes, { prefix: '/api/products' });
  await app.register(catalogueCsvRoutes, { prefix: '/api/products' });
  await app.register(fitRoutes, { prefix: '/api/products' });
  await app.register(reviewsRoutes, { prefix: '/api/reviews' });
  await app.register(ordersRoutes, { prefix: '/api/orders' });
  await app.register(fulfilmentRoutes, { prefix: '/api/orders' });
  await app.register(statsRoutes, { prefix: '/api/stats' });
  await app.register(mailRoutes, { prefix: '/api/mail' });
  await app.register(insightRoutes, { prefix: '/api/insight' });
  await app.register(inventoryRoutes, { prefix: '/api/inventory' });
  await app.register(discountsRoutes, { prefix: '/api/discounts' });
  await app.register(auditRoutes, { prefix: '/api/audit-log' });
  await app.register(backInStockRoutes, { prefix: '/api/back-in-stock' });
  await app.register(wishlistRoutes, { prefix: '/api/wishlist' });
  await app.register(returnDecisionRoutes, { prefix: '/api/returns' });
  await app.register(returnsRoutes, { prefix: '/api/returns' });
  await app.register(uploadsRoutes);
  await app.register(paymentsRoutes, {
    fulfilPaidSession: (log, sessionId, paid) => fulfilCheckout(fulfilDepsOf(deps, log), sessionId, 'system', paid),
  });
  await app.register(checkoutCancelRoutes);
  await app.register(seoRoutes);
}

/** Builds the whole shop (API, hosted checkout pages, web app) from a config and a database. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = createServer(options);
  // Every request's text meets the contract's one rule (text the database can store) before its own schema.
  app.setValidatorCompiler((route: FastifyRouteSchemaDef<ZodType>) =>
    validatorCompiler(route.httpPart === 'headers' ? route : { ...route, schema: withStorableText(route.schema) }),
  );
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('X-Request-Id', request.id);
  });

  const deps = await createAppDeps(app, options);
  deps.events.onCatalogueChanged((origin, change) => {
    if (origin === 'unheard') deps.catalogueCache.expire();
    else if (change.kind === 'stock') deps.catalogueCache.drop(stockMovedTags(change.productIds));
    else deps.catalogueCache.invalidate();
    deps.catalogueIndex.heard(origin, change);
  });
  // Changes made here drop the other instances' caches too, and theirs drop this one's.
  const broadcast = await startShopEventsBroadcast(database, deps.events, app.log);
  app.decorate('deps', deps);
  app.addHook('onClose', async () => {
    // What this instance counted goes in before the database closes (the counts wait in memory otherwise).
    await deps.insight.activity.stop().catch((err: unknown) => app.log.warn({ err }, 'activity counts lost at close'));
    await Promise.all([deps.rateLimiter.close(), deps.jobs.stop(), broadcast.stop()]);
    deps.mailSender.close();
  });
  const routeAuth: RouteAuth[] = [];
  app.decorate('routeAuth', routeAuth);

  await registerPlatform(app, deps, routeAuth);
  await registerShopRoutes(app, deps);
  await registerWebApp(app, config.webDistDir, {
    domainHints: [
      productPageHints(deps.db, deps.catalogueCache),
      shopPageHints(deps.db, deps.catalogueCache, deps.catalogueIndex),
    ],
    pageHead: renderedPageHeads(
      pageHeads({
        db: deps.db,
        cache: deps.catalogueCache,
        index: deps.catalogueIndex,
        publicUrl: config.publicUrl,
      }),
    ),
    renderer: await storefrontRenderer(app, config.webServerEntry, app.log),
    pageCache: deps.catalogueCache,
    pageServed: countProductPage({ activity: deps.insight.activity, rateLimiter: deps.rateLimiter }),
  });

  return app;
}
