import { SEARCH_SORT } from '@shop/contract/constants';
import type { ProductListQuery } from '@shop/contract/products';
import type { Queryable } from '../../db/client';
import type { CachedAnswer, CatalogueCache } from './catalogue-cache';
import type { CatalogueIndex } from './catalogue-index';
import { IN_STOCK_FILTER_TAG, listAnswerTags, productTag } from './catalogue-tags';
import { listProducts, productDetailJson } from './products.service';

/**
 * A page of the product list, shared by `GET /api/products`, the shop page's hints and its head: from the
 * catalogue index when it is up to date, otherwise from the database.
 */
export function productListAnswer(
  db: Queryable,
  cache: CatalogueCache,
  query: ProductListQuery,
  read: ReadOptions = {},
  index?: CatalogueIndex,
): Promise<CachedAnswer> {
  return cache.get(
    `list:${JSON.stringify(query)}`,
    () =>
      listProducts(
        db,
        query,
        async (filter, count) => {
          const tagsOf = () => (filter.inStock ? [IN_STOCK_FILTER_TAG] : []);
          return Number((await cache.get(`count:${JSON.stringify(filter)}`, count, { ...read, tagsOf })).body);
        },
        // A request for no kept answer is read from the database, and the index is one.
        read.fresh ? undefined : index?.current(),
      ),
    // A search's best match comes before the same match sold out, so its order moves with the stock.
    {
      ...read,
      tagsOf: listAnswerTags(query.inStock || (query.q !== undefined && (query.sort ?? SEARCH_SORT) === SEARCH_SORT)),
    },
  );
}

/** A product page's answer, shared by `GET /api/products/{id}` and the page's hints. */
export function productDetailAnswer(
  db: Queryable,
  cache: CatalogueCache,
  id: string,
  read: ReadOptions = {},
): Promise<CachedAnswer> {
  return cache.get(`detail:${id}`, () => productDetailJson(db, id), { ...read, tagsOf: () => [productTag(id)] });
}

/** How a catalogue answer is read: `fresh` from the database, whatever the cache keeps (CatalogueCache.get). */
export interface ReadOptions {
  fresh?: boolean;
}

/**
 * A request that asks for no cached answer (`Cache-Control: no-cache`, as a browser's reload or the admin's
 * lists after a change send it) is read from the database. It costs what a request for an answer nobody
 * has asked for lately costs, which anyone can send anyway.
 */
export const readOptionsOf = (headers: { 'cache-control'?: string | undefined }): ReadOptions => ({
  fresh: headers['cache-control']?.includes('no-cache') ?? false,
});
