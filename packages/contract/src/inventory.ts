import { z } from 'zod';
import { idSchema, timestampSchema } from './common';
import { COLORS } from './constants';
import { ALL_SIZES, MAX_STOCK, SIZE_SCALE_NAMES, STOCK_REASONS } from './sizes';

/**
 * The requests and answers of stock. The sizes themselves (scales, labels, limits, messages) are in
 * sizes.ts, which has no zod: the first page's script reads them without carrying zod along.
 */
export {
  ALL_SIZES,
  CATEGORY_SIZE_SCALES,
  DEFAULT_OPENING_STOCK,
  describeChoice,
  describeShortItem,
  INVENTORY_MESSAGES,
  LOW_STOCK_THRESHOLD,
  MAX_STOCK,
  ONE_SIZE,
  SIZE_SCALE_LABELS,
  SIZE_SCALE_NAMES,
  SIZE_SCALES,
  type SizeLabel,
  type SizeScale,
  STOCK_REASON_LABELS,
  STOCK_REASONS,
  type StockReason,
  sizePosition,
  sizesOf,
} from './sizes';

/** What a shopper sees of a size: how many can still be bought. */
export const productVariantSchema = z.object({
  size: z.string(),
  /** The colour it is of (a key of the product's `colours`): a size × colour is what is held and sold. */
  colour: z.enum(COLORS),
  sku: z.string(),
  /** On hand minus what open checkouts hold. */
  available: z.number().int(),
});
export type ProductVariant = z.infer<typeof productVariantSchema>;

export const sizeSchema = z.enum(ALL_SIZES, { message: `Size must be one of ${ALL_SIZES.join(', ')}` });

const stockCountSchema = z
  .number({ message: 'Stock must be a whole number' })
  .int('Stock must be a whole number')
  .min(0, 'Stock cannot be negative')
  .max(MAX_STOCK, `Stock must be at most ${MAX_STOCK}`);

/** The sizes of a new product and the stock of each, as the admin's form sends them. */
export const variantStockInputSchema = z.object({ size: sizeSchema, onHand: stockCountSchema });
export type VariantStockInput = z.infer<typeof variantStockInputSchema>;

/**
 * An admin's change to one size: its new count on hand, given the count the form showed, so a sale
 * in between is not overwritten (409 when they differ). A size the product does not have yet is added.
 */
export const stockChangeRequestSchema = z.object({
  size: sizeSchema,
  /** The colour whose size it is; the product's first colour when not given. */
  colour: z.enum(COLORS).optional(),
  onHand: stockCountSchema,
  /** The count the admin saw; absent for a new size. */
  expectedOnHand: stockCountSchema.optional(),
  reason: z.enum(['adjustment', 'restock']).default('adjustment'),
});
export type StockChangeRequest = z.infer<typeof stockChangeRequestSchema>;

/** One size as the admin sees it. */
export const variantStockSchema = z.object({
  size: z.string(),
  colour: z.enum(COLORS),
  sku: z.string(),
  onHand: z.number().int(),
  reserved: z.number().int(),
  available: z.number().int(),
  /** Shoppers waiting to be e-mailed when it is back. */
  waiting: z.number().int(),
});
export type VariantStock = z.infer<typeof variantStockSchema>;

export const stockLedgerEntrySchema = z.object({
  _id: z.string(),
  size: z.string(),
  colour: z.enum(COLORS),
  sku: z.string(),
  reason: z.enum(STOCK_REASONS),
  /** Change of the count on hand (sales, adjustments, restocks). */
  onHandChange: z.number().int(),
  /** Change of the count held by open checkouts (reservations, releases, sales). */
  reservedChange: z.number().int(),
  /** Who did it: a customer's or an admin's name; null for the shop itself (an expiry). */
  by: z.string().nullable(),
  createdAt: timestampSchema,
});
export type StockLedgerEntry = z.infer<typeof stockLedgerEntrySchema>;

export const productStockResponseSchema = z.object({
  productId: idSchema,
  sizeScale: z.enum(SIZE_SCALE_NAMES),
  variants: z.array(variantStockSchema),
  /** The newest changes first. */
  ledger: z.array(stockLedgerEntrySchema),
});
export type ProductStockResponse = z.infer<typeof productStockResponseSchema>;

export const lowStockItemSchema = z.object({
  productId: idSchema,
  name: z.string(),
  image: z.string(),
  size: z.string(),
  colour: z.enum(COLORS),
  /** The colour's name as the shop shows it ("Burgundy"). */
  colourName: z.string(),
  sku: z.string(),
  available: z.number().int(),
});
export type LowStockItem = z.infer<typeof lowStockItemSchema>;
export const lowStockResponseSchema = z.object({ items: z.array(lowStockItemSchema), total: z.number().int() });
export type LowStockResponse = z.infer<typeof lowStockResponseSchema>;

/** A cart line that could not be held at checkout: what is left of it. */
export const shortItemSchema = z.object({
  productId: idSchema,
  name: z.string(),
  size: z.string(),
  /** The colour's key and name, for a product that comes in more than one. */
  colour: z.enum(COLORS).optional(),
  colourName: z.string().optional(),
  available: z.number().int(),
  requested: z.number().int(),
});
export type ShortItem = z.infer<typeof shortItemSchema>;
export const checkoutConflictResponseSchema = z.object({ message: z.string(), shortItems: z.array(shortItemSchema) });
export type CheckoutConflictResponse = z.infer<typeof checkoutConflictResponseSchema>;
