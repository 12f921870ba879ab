import { idParamsSchema, messageResponseSchema } from '@shop/contract/common';
import {
  PRODUCT_MESSAGES,
  productColoursRequestSchema,
  productDetailResponseSchema,
  productFacetsResponseSchema,
  productInputSchema,
  productListQuerySchema,
  productListResponseSchema,
  productMutationResponseSchema,
  productUpdateSchema,
  relatedProductsResponseSchema,
} from '@shop/contract/products';
import { searchSuggestionsQuerySchema, searchSuggestionsResponseSchema } from '@shop/contract/search';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contextOf } from '../../platform/context';
import { sendCachedJson } from '../../platform/http-cache';
import { productDetailAnswer, productListAnswer, readOptionsOf } from './catalogue-answers';
import { IN_STOCK_FILTER_TAG, productsAnswerTags, suggestionAnswerTags } from './catalogue-tags';
import { replaceColours } from './product-colours-edit';
import { productFacets } from './product-facets';
import { suggestSearches } from './product-search';
import * as service from './products.service';

export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  catalogueReadRoutes(app);
  productWriteRoutes(app);
};

type ProductsApp = Parameters<FastifyPluginAsyncZod>[0];

function catalogueReadRoutes(app: ProductsApp) {
  const { db, catalogueCache, catalogueIndex } = app.deps;
  // Catalogue reads are answered from the in-memory cache; the response schema checks what goes in it.
  app.get(
    '/',
    {
      config: { auth: 'public' },
      schema: { querystring: productListQuerySchema, response: { 200: productListResponseSchema } },
    },
    async (request, reply) => {
      const read = readOptionsOf(request.headers);
      const answer = await productListAnswer(db, catalogueCache, request.query, read, catalogueIndex);
      return sendCachedJson(request, reply, answer);
    },
  );

  app.get(
    '/facets',
    {
      config: { auth: 'public' },
      schema: { querystring: productListQuerySchema, response: { 200: productFacetsResponseSchema } },
    },
    async (request, reply) => {
      const { sort: _sort, limit: _limit, page: _page, ...choice } = request.query;
      const answer = await catalogueCache.get(
        `facets:${JSON.stringify(choice)}`,
        async () => productFacetsResponseSchema.parse(await productFacets(db, request.query, catalogueIndex.current())),
        // Sizes are counted where they can still be bought.
        { tagsOf: () => [IN_STOCK_FILTER_TAG] },
      );
      return sendCachedJson(request, reply, answer);
    },
  );

  app.get(
    '/suggestions',
    {
      config: { auth: 'public' },
      schema: { querystring: searchSuggestionsQuerySchema, response: { 200: searchSuggestionsResponseSchema } },
    },
    async (request, reply) => {
      const text = request.query.q.toLowerCase();
      const answer = await catalogueCache.get(
        `suggestions:${text}`,
        async () => searchSuggestionsResponseSchema.parse(await suggestSearches(db, text)),
        { tagsOf: suggestionAnswerTags },
      );
      return sendCachedJson(request, reply, answer);
    },
  );

  app.get(
    '/:id',
    { config: { auth: 'public' }, schema: { params: idParamsSchema, response: { 200: productDetailResponseSchema } } },
    async (request, reply) => {
      const answer = await productDetailAnswer(db, catalogueCache, request.params.id, readOptionsOf(request.headers));
      return sendCachedJson(request, reply, answer);
    },
  );

  app.get(
    '/related/:id',
    {
      config: { auth: 'public' },
      schema: { params: idParamsSchema, response: { 200: relatedProductsResponseSchema } },
    },
    async (request, reply) => {
      const answer = await catalogueCache.get(
        `related:${request.params.id}`,
        async () => relatedProductsResponseSchema.parse(await service.getRelatedProducts(db, request.params.id)),
        { tagsOf: productsAnswerTags },
      );
      return sendCachedJson(request, reply, answer);
    },
  );
}

/** The admin's changes to the catalogue. */
function productWriteRoutes(app: ProductsApp) {
  app.post(
    '/create-product',
    {
      config: { auth: 'admin' },
      schema: { body: productInputSchema, response: { 201: productMutationResponseSchema } },
    },
    async (request, reply) => {
      const product = await service.createProduct(contextOf(request), request.body);
      return reply.status(201).send({ message: PRODUCT_MESSAGES.created, product });
    },
  );

  app.patch(
    '/update-product/:id',
    {
      config: { auth: 'admin' },
      schema: { params: idParamsSchema, body: productUpdateSchema, response: { 200: productMutationResponseSchema } },
    },
    async (request) => {
      const product = await service.updateProduct(contextOf(request), request.params.id, request.body);
      return { message: PRODUCT_MESSAGES.updated, product };
    },
  );

  app.put(
    '/:id/colours',
    {
      config: { auth: 'admin' },
      schema: {
        params: idParamsSchema,
        body: productColoursRequestSchema,
        response: { 200: productMutationResponseSchema },
      },
    },
    async (request) => {
      const product = await replaceColours(contextOf(request), request.params.id, request.body);
      return { message: PRODUCT_MESSAGES.updated, product };
    },
  );

  app.delete(
    '/:id',
    { config: { auth: 'admin' }, schema: { params: idParamsSchema, response: { 200: messageResponseSchema } } },
    async (request) => {
      await service.deleteProduct(contextOf(request), request.params.id);
      return { message: PRODUCT_MESSAGES.deleted };
    },
  );
}
