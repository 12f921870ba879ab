import { SHARE_IMAGE } from '@shop/contract/constants';
import type { ProductListResponse } from '@shop/contract/products';
import { PAGE_META, pageTitle, storefrontPaths } from '@shop/contract/seo';
import { shareImageUrl } from '@shop/contract/uploads';
import type { BreadcrumbList, ItemList, WithContext } from 'schema-dts';
import type { Queryable } from '../../db/client';
import type { CatalogueCache } from '../products/catalogue-cache';
import type { CatalogueIndex } from '../products/catalogue-index';
import type { PageHead } from './page-head-shape';

// What every page kind's head is made with: the shop's database and cache, and the head's common parts.

export const SCHEMA = 'https://schema.org' as const;

export interface PageHeadDeps {
  db: Queryable;
  cache: CatalogueCache;
  /** The catalogue in memory, which the shop page's list is read from when it is up to date. */
  index?: CatalogueIndex;
  publicUrl: string;
}

export type PageHeadKit = ReturnType<typeof pageHeadKit>;

export function decodedSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

export function pageHeadKit({ db, cache, index, publicUrl }: PageHeadDeps) {
  const absolute = (path: string) => (/^https?:\/\//.test(path) ? path : `${publicUrl}${path}`);
  const page = (
    meta: { title: string; description: string },
    path: string,
    extra: Partial<PageHead> = {},
  ): PageHead => ({
    status: 200,
    title: pageTitle(meta.title),
    description: meta.description,
    canonical: absolute(path),
    ogType: 'website',
    jsonLd: [],
    ...extra,
  });
  /** A picture for link previews: the shop's 1200 x 630 one where it made one. */
  const preview = (image: string | undefined): Pick<PageHead, 'image' | 'imageSize'> => {
    if (!image) return {};
    const share = shareImageUrl(image);
    return share ? { image: absolute(share), imageSize: SHARE_IMAGE } : { image: absolute(image) };
  };
  const notFound = (): PageHead => ({
    ...page(PAGE_META.notFound, '/'),
    status: 404,
    canonical: undefined,
    noindex: true,
  });
  const breadcrumbs = (trail: { name: string; path: string }[]): WithContext<BreadcrumbList> => ({
    '@context': SCHEMA,
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((crumb, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: crumb.name,
      item: absolute(crumb.path),
    })),
  });
  const itemList = (products: ProductListResponse['products']): WithContext<ItemList> => ({
    '@context': SCHEMA,
    '@type': 'ItemList',
    itemListElement: products.map((product, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      url: absolute(storefrontPaths.product(product._id)),
      name: product.name,
    })),
  });
  return { db, cache, index, absolute, page, preview, notFound, breadcrumbs, itemList };
}
