import { z } from 'zod';
import { COLORS } from './constants';

// The colours a product comes in, as the shop answers them.

export const colorSchema = z.enum(COLORS, { message: `Color must be one of ${COLORS.join(', ')}` });

/** A colour's gallery holds at least one picture and at most this many, in the order the admin sets. */
export const PICTURES_PER_COLOUR_MAX = 8;

/** One picture of a colour's gallery, with the text read in its place. */
export const productPictureSchema = z.object({ url: z.string(), alt: z.string() });
export type ProductPicture = z.infer<typeof productPictureSchema>;

/**
 * One colour a product comes in: its key (what the colour filter and `?colour=` name), the name the shop
 * shows, its swatch, its own price when it has one, and its gallery. The first is the product's own:
 * its `color`, `image` and `price` are that colour's.
 */
export const productColourSchema = z.object({
  color: colorSchema,
  name: z.string(),
  /** `#rrggbb`. */
  swatch: z.string(),
  /** Its price in dollars, or null for the product's. */
  price: z.number().nullable(),
  pictures: z.array(productPictureSchema),
});
export type ProductColour = z.infer<typeof productColourSchema>;

export const COLOUR_MESSAGES = {
  alreadyHas: (name: string) => `The product comes in ${name} already`,
  noSuchColour: (product: string, colour: string) => `${product} does not come in ${colour}`,
  stillHeld: (name: string) => `${name} is held by open checkouts: it cannot be removed until they end`,
} as const;
