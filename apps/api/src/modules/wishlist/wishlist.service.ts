import { PRODUCT_MESSAGES } from '@shop/contract/products';
import { ONE_SIZE } from '@shop/contract/sizes';
import {
  type SavedChoice,
  savedChoiceKey,
  WISHLIST_MAX_ITEMS,
  WISHLIST_MESSAGES,
  type WishlistChoice,
  type WishlistItem,
  type WishlistRemoveQuery,
  type WishlistResponse,
} from '@shop/contract/wishlist';
import type { Queryable } from '../../db/client';
import type { SessionUser } from '../../platform/auth-guard';
import type { ServiceContext } from '../../platform/context';
import {
  conflict,
  invalid,
  notFound,
  PG_FOREIGN_KEY_VIOLATION,
  pgErrorCode,
  unauthorised,
} from '../../platform/errors';
import { toWishlistItemDto } from './wishlist.dto';
import * as queries from './wishlist.queries';

/**
 * A product deleted between reading it and saving it fails the save's foreign key: the shopper is told the
 * product is gone, as if it had been gone when they asked, instead of a server error.
 */
async function unlessDeletedMeanwhile<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (err) {
    if (pgErrorCode(err) === PG_FOREIGN_KEY_VIOLATION) throw notFound(PRODUCT_MESSAGES.notFound);
    throw err;
  }
}

function customerOf(ctx: ServiceContext): SessionUser {
  if (!ctx.actor) throw unauthorised();
  return ctx.actor;
}

/**
 * The choice as it is kept, or why it cannot be: the product must exist and come in the colour, and in the
 * size (of that colour when one is chosen). A product of one colour or one size has nothing to choose, so
 * its colour or size is kept open: the same product saved with or without it is one item.
 */
function settleChoice(product: queries.WishedProduct | undefined, choice: WishlistChoice): SavedChoice | string {
  if (!product) return PRODUCT_MESSAGES.notFound;
  const colour = choice.colour ?? null;
  if (colour !== null && !product.colours.some((c) => c.color === colour)) {
    return WISHLIST_MESSAGES.noSuchColour(product.name, colour);
  }
  const size = choice.size ?? null;
  if (size !== null && !product.variants.some((v) => v.size === size && (colour === null || v.color === colour))) {
    return WISHLIST_MESSAGES.noSuchSize(product.name, size);
  }
  return {
    productId: product.id,
    colour: product.colours.length > 1 ? colour : null,
    size: size === ONE_SIZE ? null : size,
  };
}

/** The choices that can be kept, each once, in the order given; the others are left out. */
function settleAll(products: Map<string, queries.WishedProduct>, choices: readonly WishlistChoice[]): SavedChoice[] {
  const kept = new Map<string, SavedChoice>();
  for (const choice of choices) {
    const settled = settleChoice(products.get(choice.productId), choice);
    if (typeof settled !== 'string' && !kept.has(savedChoiceKey(settled))) kept.set(savedChoiceKey(settled), settled);
  }
  return [...kept.values()];
}

type Saved = SavedChoice & { savedAt: Date };

function itemsOf(products: Map<string, queries.WishedProduct>, saved: readonly Saved[]): WishlistItem[] {
  return saved.flatMap((s) => {
    const product = products.get(s.productId);
    return product ? [toWishlistItemDto(product, s, s.savedAt)] : [];
  });
}

async function savedOf(db: Queryable, userId: string): Promise<Saved[]> {
  const rows = await queries.findSaved(db, userId);
  return rows.map((r) => ({ productId: r.productId, colour: r.colour, size: r.size, savedAt: r.createdAt }));
}

/** The session customer's own wishlist, the newest saved first. */
export async function wishlistOf(ctx: ServiceContext): Promise<WishlistResponse> {
  const customer = customerOf(ctx);
  const saved = await savedOf(ctx.db, customer.id);
  const products = await queries.findWishedProducts(
    ctx.db,
    saved.map((s) => s.productId),
  );
  return { items: itemsOf(products, saved) };
}

/**
 * Saves a product (in a colour and size) to the customer's wishlist. Saving it again keeps the one item
 * and answers it; a full wishlist refuses a new one.
 */
export async function saveToWishlist(
  ctx: ServiceContext,
  choice: WishlistChoice,
): Promise<{ item: WishlistItem; created: boolean }> {
  const customer = customerOf(ctx);
  const product = (await queries.findWishedProducts(ctx.db, [choice.productId])).get(choice.productId);
  const settled = settleChoice(product, choice);
  if (typeof settled === 'string') throw product ? invalid(settled) : notFound(settled);
  const found = product as queries.WishedProduct;
  return unlessDeletedMeanwhile(
    ctx.db.transaction(async (tx) => {
      // Taken first, so two saves at once cannot both find room for the last item.
      await queries.lockCustomer(tx, customer.id);
      const existing = await queries.findOneSaved(tx, customer.id, settled);
      if (existing) return { item: toWishlistItemDto(found, settled, existing.createdAt), created: false };
      if ((await queries.countSaved(tx, customer.id)) >= WISHLIST_MAX_ITEMS) throw conflict(WISHLIST_MESSAGES.full);
      const [row] = await queries.insertSaved(tx, customer.id, [settled]);
      return { item: toWishlistItemDto(found, settled, row?.createdAt ?? new Date()), created: true };
    }),
  );
}

/** Removes one saved item; a colour or size left out of the query is one that was left open. */
export async function removeFromWishlist(ctx: ServiceContext, query: WishlistRemoveQuery): Promise<void> {
  const customer = customerOf(ctx);
  const size = query.size === undefined || query.size === ONE_SIZE ? null : query.size;
  const removed = await queries.deleteSaved(ctx.db, customer.id, {
    productId: query.productId,
    colour: query.colour ?? null,
    size,
  });
  if (!removed) throw notFound(WISHLIST_MESSAGES.notSaved);
}

/**
 * A guest's browser list joins the customer's at login: products that no longer exist, and colours or
 * sizes they no longer come in, are left out; an item already saved stays once; what does not fit under
 * the limit is left out. The guest's order is kept, their first the newest. Answers the whole list.
 */
export async function mergeIntoWishlist(ctx: ServiceContext, choices: readonly WishlistChoice[]) {
  const customer = customerOf(ctx);
  const products = await queries.findWishedProducts(
    ctx.db,
    choices.map((c) => c.productId),
  );
  const settled = settleAll(products, choices);
  await unlessDeletedMeanwhile(
    ctx.db.transaction(async (tx) => {
      await queries.lockCustomer(tx, customer.id);
      const saved = new Set((await savedOf(tx, customer.id)).map(savedChoiceKey));
      const room = Math.max(0, WISHLIST_MAX_ITEMS - saved.size);
      const fresh = settled.filter((c) => !saved.has(savedChoiceKey(c))).slice(0, room);
      const now = Date.now();
      await queries.insertSaved(
        tx,
        customer.id,
        fresh.map((c, i) => ({ ...c, savedAt: new Date(now - i) })),
      );
    }),
  );
  return wishlistOf(ctx);
}

/** A guest's browser list as the wishlist shows it, without saving anything: what no longer exists is left out. */
export async function lookUpWishlist(db: Queryable, choices: readonly WishlistChoice[]): Promise<WishlistResponse> {
  const products = await queries.findWishedProducts(
    db,
    choices.map((c) => c.productId),
  );
  const now = new Date();
  return {
    items: itemsOf(
      products,
      settleAll(products, choices).map((c) => ({ ...c, savedAt: now })),
    ),
  };
}
