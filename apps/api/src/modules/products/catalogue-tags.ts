import type { Product, ProductListResponse } from '@shop/contract/products';
import type { SearchSuggestionsResponse } from '@shop/contract/search';

/**
 * What a kept catalogue answer shows that a change can touch, so that a change drops only the answers
 * that show it (CatalogueCache.drop): each product it shows, and whether which products it holds depends
 * on what can still be bought.
 */
export const productTag = (id: string) => `product:${id}`;

/** An answer filtered to what can still be bought: any size's stock moving can add or take a product. */
export const IN_STOCK_FILTER_TAG = 'in-stock-filter';

/** The tags of a page of the product list: its products, and the in-stock filter when it has one. */
export function listAnswerTags(inStock: boolean | undefined): (body: string, shows?: readonly string[]) => string[] {
  return (body, shows) => {
    const ids = shows ?? (JSON.parse(body) as ProductListResponse).products.map((p) => p._id);
    const tags = ids.map(productTag);
    if (inStock) tags.push(IN_STOCK_FILTER_TAG);
    return tags;
  };
}

/** The tags of a list of products (related products). */
export const productsAnswerTags = (body: string) => (JSON.parse(body) as Product[]).map((p) => productTag(p._id));

/** The tags of search suggestions: the products suggested, and stock, which orders them. */
export const suggestionAnswerTags = (body: string) => [
  ...(JSON.parse(body) as SearchSuggestionsResponse).suggestions.flatMap((s) =>
    s.kind === 'product' ? [productTag(s._id)] : [],
  ),
  IN_STOCK_FILTER_TAG,
];

/**
 * What a move of these products' stock (a hold, a sale, a release, a restock) can change: their own
 * answers and every answer that shows them (each shows their sizes' counts), and every list filtered to
 * what can still be bought. Sorts and other filters do not look at stock.
 */
export function stockMovedTags(productIds: Iterable<string>): string[] {
  return [...[...productIds].map(productTag), IN_STOCK_FILTER_TAG];
}
