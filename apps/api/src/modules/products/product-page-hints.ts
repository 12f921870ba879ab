import { apiPaths } from '@shop/contract/api-paths';
import { idSchema } from '@shop/contract/common';
import { PRODUCT_PAGE_IMAGE_SIZES } from '@shop/contract/constants';
import { type ProductDetailResponse, productDetailResponseSchema } from '@shop/contract/products';
import { imageSrcSet } from '@shop/contract/uploads';
import type { Queryable } from '../../db/client';
import { AppError } from '../../platform/errors';
import type { PageHint, PageHintsSource } from '../../platform/page-hints';
import type { CachedAnswer, CatalogueCache } from './catalogue-cache';
import { getProductDetail } from './products.service';

/** A product page's answer, shared by `GET /api/products/{id}` and the page's hints. */
export function productDetailAnswer(db: Queryable, cache: CatalogueCache, id: string): Promise<CachedAnswer> {
  return cache.get(`detail:${id}`, async () => productDetailResponseSchema.parse(await getProductDetail(db, id)));
}

/**
 * `/shop/{id}` asks for the product, then shows its picture: both start with the page instead. An
 * unknown product gets no hints; its page says so itself.
 */
export function productPageHints(db: Queryable, cache: CatalogueCache): PageHintsSource {
  return async (pathname) => {
    const match = /^\/shop\/([^/]+)$/.exec(pathname);
    const id = idSchema.safeParse(match?.[1]);
    if (!id.success) return [];
    const answer = await productDetailAnswer(db, cache, id.data).catch((err: unknown) => {
      if (err instanceof AppError && err.statusCode === 404) return undefined;
      throw err;
    });
    if (!answer) return [];
    const { product } = JSON.parse(answer.body) as ProductDetailResponse;
    const hints: PageHint[] = [{ kind: 'data', href: apiPaths.product(id.data) }];
    const srcset = imageSrcSet(product.image);
    hints.push(
      srcset
        ? { kind: 'image', href: product.image, srcset, sizes: PRODUCT_PAGE_IMAGE_SIZES }
        : { kind: 'image', href: product.image },
    );
    return hints;
  };
}
