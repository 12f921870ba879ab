import { apiPaths } from '@shop/contract/api-paths';
import { firstColourAmong } from '@shop/contract/colour-choice';
import { idSchema } from '@shop/contract/common';
import {
  PRODUCT_CARD_IMAGE_SIZES,
  PRODUCT_GRID_PRIORITY_IMAGES,
  PRODUCT_PAGE_IMAGE_SIZES,
  UPLOAD_VARIANT_WIDTHS,
} from '@shop/contract/constants';
import {
  type Product,
  type ProductDetailResponse,
  type ProductListResponse,
  productListQuerySchema,
} from '@shop/contract/products';
import { parseShopParams, productListSearch, toProductListParams } from '@shop/contract/shop-params';
import { imageSrcSet, imageVariantUrl } from '@shop/contract/uploads';
import type { Queryable } from '../../db/client';
import { AppError } from '../../platform/errors';
import type { PageHint, PageHintsSource } from '../../platform/page-hints';
import { productDetailAnswer, productListAnswer } from './catalogue-answers';
import type { CatalogueCache } from './catalogue-cache';
import type { CatalogueIndex } from './catalogue-index';

/**
 * `/shop/{id}` asks for the product, then shows its picture: both start with the page instead. An
 * unknown product gets no hints; its page says so itself.
 */
export function productPageHints(db: Queryable, cache: CatalogueCache): PageHintsSource {
  return async ({ pathname, searchParams }) => {
    const match = /^\/shop\/([^/]+)$/.exec(pathname);
    const id = idSchema.safeParse(match?.[1]);
    if (!id.success) return [];
    const answer = await productDetailAnswer(db, cache, id.data).catch((err: unknown) => {
      if (err instanceof AppError && err.statusCode === 404) return undefined;
      throw err;
    });
    if (!answer) return [];
    const { product } = JSON.parse(answer.body) as ProductDetailResponse;
    // The page opens on the colour its address names, and that colour's first picture is its largest.
    const picture = pictureOf(product, [searchParams.get('colour') ?? '']);
    return [{ kind: 'data', href: apiPaths.product(id.data) }, imageHint(picture, PRODUCT_PAGE_IMAGE_SIZES)];
  };
}

/**
 * `/shop` asks for the page of products its address names (its filters and page) and its facets' counts,
 * then shows the first cards' pictures: all start with the page.
 */
export function shopPageHints(db: Queryable, cache: CatalogueCache, index?: CatalogueIndex): PageHintsSource {
  return async ({ pathname, searchParams }) => {
    if (pathname !== '/shop') return [];
    const list = toProductListParams(parseShopParams(searchParams));
    const search = productListSearch(list);
    // The facets' counts are asked for without the page and its size, which change no count.
    const facetsSearch = productListSearch({ ...list, page: undefined, limit: undefined });
    const query = productListQuerySchema.safeParse(Object.fromEntries(new URLSearchParams(search)));
    if (!query.success) return [];
    const answer = await productListAnswer(db, cache, query.data, {}, index);
    const { products } = JSON.parse(answer.body) as ProductListResponse;
    return [
      { kind: 'data', href: search ? `${apiPaths.products}?${search}` : apiPaths.products },
      { kind: 'data', href: facetsSearch ? `${apiPaths.productFacets}?${facetsSearch}` : apiPaths.productFacets },
      ...products
        .slice(0, PRODUCT_GRID_PRIORITY_IMAGES)
        .map((product) => imageHint(pictureOf(product, [list.color ?? []].flat()), PRODUCT_CARD_IMAGE_SIZES)),
    ];
  };
}

/** The first picture of the first of the product's colours that `keys` names; else the product's own. */
const pictureOf = (product: Product, keys: readonly string[]) =>
  firstColourAmong(product, keys)?.pictures[0]?.url ?? product.image;

/**
 * An upload's `<picture>` offers AVIF first, so its preload is the AVIF set, typed so that a browser
 * without AVIF skips it rather than fetch a file its picture will not show; a preload of the WebP
 * would be a second download of the same picture.
 */
function imageHint(image: string, sizes: string): PageHint {
  const srcset = imageSrcSet(image, 'avif');
  if (!srcset) return { kind: 'image', href: image };
  const widest = UPLOAD_VARIANT_WIDTHS[UPLOAD_VARIANT_WIDTHS.length - 1] ?? UPLOAD_VARIANT_WIDTHS[0];
  return { kind: 'image', href: imageVariantUrl(image, widest, 'avif'), type: 'image/avif', srcset, sizes };
}
