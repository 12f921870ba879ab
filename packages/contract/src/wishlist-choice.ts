import type { Color } from './constants';

// What a wishlist keeps of a product, without zod: the first page's script reads it to draw the hearts.

/** A customer keeps at most this many saved items; a guest's browser list holds as many. */
export const WISHLIST_MAX_ITEMS = 100;
/** A guest's list joins the account's at login in one merge of at most this many items. */
export const WISHLIST_MERGE_MAX_ITEMS = 100;

/** A saved product, in the colour and size the shopper chose when they chose one. */
export interface SavedChoice {
  productId: string;
  colour: Color | null;
  size: string | null;
}

/** The same product in the same colour and size is saved once: this names it. */
export const savedChoiceKey = (choice: SavedChoice): string =>
  `${choice.productId}|${choice.colour ?? ''}|${choice.size ?? ''}`;

export const WISHLIST_MESSAGES = {
  full: `Your wishlist holds at most ${WISHLIST_MAX_ITEMS} products`,
  noSuchColour: (name: string, colour: string) => `${name} does not come in ${colour}`,
  noSuchSize: (name: string, size: string) => `${name} does not come in size ${size}`,
  notSaved: 'That product is not on your wishlist',
} as const;
