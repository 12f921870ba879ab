import type { Thing, WithContext } from 'schema-dts';

/** What a page's HTML head says about it to search engines and link previews, before any script runs. */
export interface PageHead {
  /** 404 for a product or category that does not exist: the app's not-found page, with a status to match. */
  status: 200 | 404;
  title: string;
  description: string;
  /** Absolute; absent on pages that are not to be indexed. */
  canonical?: string;
  noindex?: boolean;
  /** Absolute address of the picture a link preview shows. */
  image?: string;
  /** Set when `image` is the shop's own 1200 x 630 link-preview picture. */
  imageSize?: { width: number; height: number };
  ogType: 'website' | 'product';
  jsonLd: WithContext<Thing>[];
}
