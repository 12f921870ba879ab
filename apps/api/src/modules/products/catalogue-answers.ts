import { type ProductListQuery, productDetailResponseSchema, productListResponseSchema } from '@shop/contract/products';
import type { Queryable } from '../../db/client';
import type { CachedAnswer, CatalogueCache } from './catalogue-cache';
import { getProductDetail, listProducts } from './products.service';

/** A page of the product list, shared by `GET /api/products` and the shop page's hints. */
export function productListAnswer(
  db: Queryable,
  cache: CatalogueCache,
  query: ProductListQuery,
): Promise<CachedAnswer> {
  return cache.get(`list:${JSON.stringify(query)}`, async () =>
    productListResponseSchema.parse(
      await listProducts(db, query, async (filter, count) =>
        Number((await cache.get(`count:${JSON.stringify(filter)}`, count)).body),
      ),
    ),
  );
}

/** A product page's answer, shared by `GET /api/products/{id}` and the page's hints. */
export function productDetailAnswer(db: Queryable, cache: CatalogueCache, id: string): Promise<CachedAnswer> {
  return cache.get(`detail:${id}`, async () => productDetailResponseSchema.parse(await getProductDetail(db, id)));
}
