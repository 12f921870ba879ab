import { type ProductSort, RELATED_PRODUCTS_MAX, SEARCH_SORT } from '@shop/contract/constants';
import { CATEGORY_SIZE_SCALES, SIZE_SCALE_LABELS } from '@shop/contract/inventory';
import { toCents } from '@shop/contract/money';
import {
  PRODUCT_DETAIL_REVIEWS_MAX,
  PRODUCT_MESSAGES,
  type Product,
  type ProductColourInput,
  type ProductInput,
  type ProductListQuery,
  type ProductListResponse,
  type ProductUpdate,
} from '@shop/contract/products';
import { FORMER_CUSTOMER_NAME } from '@shop/contract/reviews';
import type { SQL } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import type { ServiceContext } from '../../platform/context';
import { invalid, notFound, unauthorised } from '../../platform/errors';
import { auditActorOf, changedFields, recordAudit } from '../audit/audit.service';
import { sizeScaleOf, sizesOfProducts } from '../inventory/inventory.service';
import type { IndexedCatalogue } from './indexed-catalogue';
import { pageOfMatching } from './indexed-catalogue-answers';
import { JsonText } from './json-text';
import { choiceOf, type ProductChoice, singleFilterOf } from './product-choice';
import { choiceWhere, eachProductJson, pageOfProductsJson } from './product-choice.queries';
import { addColours, coloursOfInput, editFirstColour } from './product-colours';
import { coloursOfProducts } from './product-colours.queries';
import { countMatching, orderBySort } from './product-list.queries';
import { searchProducts } from './product-search';
import { type ProductRow, toProductDto, toProductDtos } from './products.dto';
import * as queries from './products.queries';

/** Makes user text match itself literally inside a LIKE pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, '\\$&');
}

const MIN_WORD_LETTERS = 3;
const MAX_RELATED_WORDS = 10;

/** The distinct words of a name that are worth matching: letters and digits, at least three of them. */
export function nameWords(name: string): string[] {
  const words = name
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((w) => [...w].length >= MIN_WORD_LETTERS);
  return [...new Set(words)].slice(0, MAX_RELATED_WORDS);
}

/**
 * Counts the products of a filter, or answers a count kept from before: the count is the same for every
 * page and sort of a filter, and the dearer half of a list when the page itself is read along an index.
 */
export type CountOfFilter = (
  filter: queries.ProductFilter | ProductChoice,
  count: () => Promise<number>,
) => Promise<number>;

/**
 * A page of the list and how many match. Without search text, the catalogue index (when it is up to date)
 * finds the page's products and counts the matches; only the page's products it does not keep are read.
 */
export async function listProducts(
  db: Queryable,
  query: ProductListQuery,
  countOf: CountOfFilter = (_filter, count) => count(),
  catalogue?: IndexedCatalogue,
): Promise<JsonText> {
  const choice = choiceOf(query);
  if (query.q) return searchProducts(db, choiceWhere(choice), { ...query, q: query.q });
  // Without search text there is nothing to be relevant to.
  const sort = query.sort === undefined || query.sort === SEARCH_SORT ? 'newest' : query.sort;
  const page = { sort, limit: query.limit, offset: (query.page - 1) * query.limit };
  if (catalogue) {
    const { ids, total } = pageOfMatching(catalogue, choice, page);
    const body = await catalogue.productJson.inOrder(ids, (missing) => eachProductJson(db, missing));
    return listAnswer(body, total, query.limit, ids);
  }
  const filter = singleFilterOf(choice);
  if (!filter) return listChosenProducts(db, choice, page, countOf);
  // In parallel: the page stops early on its index, which a count cannot.
  const [body, total] = await Promise.all([
    queries.listProductsJson(db, filter, page),
    countOf(filter, () => queries.countProducts(db, filter)),
  ]);
  return listAnswer(body, total, query.limit);
}

/** The contract's `ProductListResponse`, around the page the database wrote, of the products `shows` names when known. */
function listAnswer(page: string, total: number, limit: number, shows?: readonly string[]): JsonText {
  const totals: Omit<ProductListResponse, 'products'> = {
    totalPages: Math.ceil(total / limit),
    totalProducts: total,
  };
  return new JsonText(`{"products":${page},${JSON.stringify(totals).slice(1)}`, shows);
}

/**
 * A list under several values of a facet or price bands: one general query, read along the sort's index
 * and stopping at the page's end, and its count, kept like a single filter's.
 */
async function listChosenProducts(
  db: Queryable,
  choice: ProductChoice,
  page: { sort: ProductSort; limit: number; offset: number },
  countOf: CountOfFilter,
): Promise<JsonText> {
  const where = choiceWhere(choice) as SQL;
  const [{ body }, total] = await Promise.all([
    pageOfProductsJson(db, where, orderBySort[page.sort], page, { counted: true }),
    countOf(choice, () => countMatching(db, where)),
  ]);
  return listAnswer(body, total, page.limit);
}

/** Product rows as answers, each with its sizes. */
async function withSizes(db: Queryable, rows: readonly ProductRow[]): Promise<Product[]> {
  const ids = rows.map((r) => r.id);
  const [sizes, colours] = await Promise.all([sizesOfProducts(db, ids), coloursOfProducts(db, ids)]);
  return toProductDtos(rows, sizes, colours);
}

async function productOrThrow(db: Queryable, id: string) {
  const row = await queries.findProduct(db, id);
  if (!row) throw notFound(PRODUCT_MESSAGES.notFound);
  return row;
}

/** A product's page (the contract's `ProductDetailResponse`) as JSON text, written by the database. */
export async function productDetailJson(db: Queryable, id: string): Promise<JsonText> {
  const body = await queries.findProductDetailJson(db, id, PRODUCT_DETAIL_REVIEWS_MAX, FORMER_CUSTOMER_NAME);
  if (body === undefined) throw notFound(PRODUCT_MESSAGES.notFound);
  return new JsonText(body);
}

/** At most 8 products of the same category or sharing a name word, shared words first, then by rating. */
export async function getRelatedProducts(db: Queryable, id: string): Promise<Product[]> {
  const product = await productOrThrow(db, id);
  const words = nameWords(product.name).map((word) => ({ word, pattern: `%${escapeLike(word)}%` }));
  // Two small ordered queries instead of one OR: each can stop early on an index.
  const [sharing, sameCategory] = await Promise.all([
    queries.findProductsSharingWords(db, product.id, words, RELATED_PRODUCTS_MAX),
    // Some of these may share a word too; asking for twice as many leaves enough after removing them.
    queries.findBestRatedInCategory(db, product.category, product.id, 2 * RELATED_PRODUCTS_MAX),
  ]);
  const seen = new Set(sharing.map((p) => p.id));
  const rest = sameCategory.filter((p) => !seen.has(p.id));
  return withSizes(db, [...sharing, ...rest].slice(0, RELATED_PRODUCTS_MAX));
}

/** Undefined leaves a price as it is, null clears an old price. */
const centsOrKeep = <T extends null | undefined>(price: number | T): number | T =>
  typeof price === 'number' ? toCents(price) : price;

/** A product and its sizes in one transaction: no product is ever listed without a size to buy. */
export async function createProduct(ctx: ServiceContext, input: ProductInput): Promise<Product> {
  const author = ctx.actor;
  if (!author) throw unauthorised();
  const scale = input.sizeScale ?? (input.variants ? CATEGORY_SIZE_SCALES[input.category][0] : 'one');
  const colours = coloursOfInput(input);
  const [first] = colours as [ProductColourInput];
  return ctx.db.transaction(async (tx) => {
    const row = await queries.insertProduct(tx, {
      name: input.name,
      category: input.category,
      color: first.color,
      description: input.description,
      priceCents: toCents(input.price),
      oldPriceCents: centsOrKeep(input.oldPrice) ?? null,
      image: first.pictures[0]?.url ?? input.image,
      sizeScale: scale,
      authorId: author.id,
    });
    const added = await addColours(
      tx,
      row.id,
      colours.map((colour, position) => ({ input: colour, position })),
      first.color,
      input.variants,
      author.id,
    );
    await recordAudit(tx, auditActorOf(ctx), {
      kind: 'product.created',
      target: { type: 'product', id: row.id, label: row.name },
      details: { category: row.category, priceCents: row.priceCents },
    });
    return toProductDto(row, added.variants, added.colours);
  });
}

/** The product's fields an admin edits, as the audit log compares them (money in cents). */
const EDITABLE_FIELDS = ['name', 'category', 'color', 'description', 'priceCents', 'oldPriceCents', 'image'] as const;

export async function updateProduct(ctx: ServiceContext, id: string, update: ProductUpdate): Promise<Product> {
  const actor = auditActorOf(ctx);
  return ctx.db.transaction(async (tx) => {
    // Locked, so the log's "before" is what this edit replaced and not what a concurrent one wrote.
    const before = await queries.lockProduct(tx, id);
    if (!before) throw notFound(PRODUCT_MESSAGES.notFound);
    if (update.category !== undefined) {
      // Its sizes stay what they are: a category that cannot have them is refused.
      const scale = await sizeScaleOf(tx, id, { lock: true });
      if (scale && !CATEGORY_SIZE_SCALES[update.category].includes(scale)) {
        throw invalid(`A ${update.category} product cannot be sized in ${SIZE_SCALE_LABELS[scale]}`);
      }
    }
    // The colour and picture the product has are its first colour's: an edit of them edits that colour.
    await editFirstColour(tx, id, { color: update.color, image: update.image });
    const row = await queries.updateProduct(tx, id, {
      name: update.name,
      category: update.category,
      description: update.description,
      priceCents: centsOrKeep(update.price),
      oldPriceCents: centsOrKeep(update.oldPrice),
    });
    if (!row) throw notFound(PRODUCT_MESSAGES.notFound);
    const changes = changedFields(before, row, EDITABLE_FIELDS);
    if (Object.keys(changes).length > 0) {
      await recordAudit(tx, actor, {
        kind: 'product.updated',
        target: { type: 'product', id, label: row.name },
        details: { changes },
      });
    }
    const [sizes, colours] = await Promise.all([sizesOfProducts(tx, [id]), coloursOfProducts(tx, [id])]);
    return toProductDto(row, sizes, colours);
  });
}

/** Its reviews go with it (ON DELETE CASCADE); order lines keep their snapshot (SET NULL). */
export async function deleteProduct(ctx: ServiceContext, id: string): Promise<void> {
  const actor = auditActorOf(ctx);
  await ctx.db.transaction(async (tx) => {
    const deleted = await queries.deleteProduct(tx, id);
    if (!deleted) throw notFound(PRODUCT_MESSAGES.notFound);
    await recordAudit(tx, actor, {
      kind: 'product.deleted',
      target: { type: 'product', id, label: deleted.name },
      details: { category: deleted.category, priceCents: deleted.priceCents },
    });
  });
}
