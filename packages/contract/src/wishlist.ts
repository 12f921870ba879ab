import { z } from 'zod';
import { colorSchema } from './colours';
import { idSchema, timestampSchema } from './common';
import { CATEGORIES } from './constants';
import { productVariantSchema, sizeSchema } from './inventory';
import { WISHLIST_MAX_ITEMS, WISHLIST_MERGE_MAX_ITEMS } from './wishlist-choice';

export {
  type SavedChoice,
  savedChoiceKey,
  WISHLIST_MAX_ITEMS,
  WISHLIST_MERGE_MAX_ITEMS,
  WISHLIST_MESSAGES,
} from './wishlist-choice';

/** A product to keep for later, in a colour and a size when the shopper chose them. */
export const wishlistChoiceSchema = z.object({
  productId: idSchema,
  colour: colorSchema.nullable().optional(),
  size: sizeSchema.nullable().optional(),
});
export type WishlistChoice = z.infer<typeof wishlistChoiceSchema>;

/** Which saved item to remove, as a query string: a colour or size left out is one the shopper left open. */
export const wishlistRemoveQuerySchema = z.object({
  productId: idSchema,
  colour: colorSchema.optional(),
  size: sizeSchema.optional(),
});
export type WishlistRemoveQuery = z.infer<typeof wishlistRemoveQuerySchema>;

const choicesSchema = (max: number) =>
  z.array(wishlistChoiceSchema).max(max, `A wishlist holds at most ${WISHLIST_MAX_ITEMS} products`);

/** A guest's browser list, joined to the account's at login. */
export const wishlistMergeRequestSchema = z.object({ items: choicesSchema(WISHLIST_MERGE_MAX_ITEMS) });
export type WishlistMergeRequest = z.infer<typeof wishlistMergeRequestSchema>;

/** A guest's browser list, to be shown as the account's list is (nothing is saved). */
export const wishlistLookupRequestSchema = z.object({ items: choicesSchema(WISHLIST_MAX_ITEMS) });
export type WishlistLookupRequest = z.infer<typeof wishlistLookupRequestSchema>;

/** A saved item as the wishlist shows it: the product now, in the colour and size chosen. */
export const wishlistItemSchema = z.object({
  productId: idSchema,
  name: z.string(),
  category: z.enum(CATEGORIES),
  /** The chosen colour's first picture, or the product's. */
  image: z.string(),
  /** Dollars: the chosen colour's price, or the product's. */
  price: z.number(),
  oldPrice: z.number().nullable(),
  /** Null when left open, and for a product of one colour. */
  colour: colorSchema.nullable(),
  colourName: z.string().nullable(),
  /** Null when left open, and for a product of one size. */
  size: z.string().nullable(),
  /** How many can still be bought: of the chosen size, or of any size (of the chosen colour when there is one). */
  available: z.number().int(),
  /** The one size of one colour the choice names, which "Move to cart" adds; null while one is still to choose. */
  variant: productVariantSchema.nullable(),
  savedAt: timestampSchema,
});
export type WishlistItem = z.infer<typeof wishlistItemSchema>;

/** The newest saved first. */
export const wishlistResponseSchema = z.object({ items: z.array(wishlistItemSchema) });
export type WishlistResponse = z.infer<typeof wishlistResponseSchema>;

export const wishlistSaveResponseSchema = z.object({ message: z.string(), item: wishlistItemSchema });
export type WishlistSaveResponse = z.infer<typeof wishlistSaveResponseSchema>;
