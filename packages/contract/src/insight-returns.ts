import { z } from 'zod';
import { idSchema } from './common';
import { isoDaySchema } from './insight';
import { RETURN_REASONS } from './returns';

/** A product's size returns stand out from this many units sold in the range on: fewer is chance. */
export const INSIGHT_SIZE_RETURNS_MIN_SOLD = 10;
/** A product's size returns stand out at this many times the shop's rate (of units sold) or more. */
export const INSIGHT_SIZE_RETURNS_FACTOR = 2;
/** The products listed by return rate: the most returned first. */
export const INSIGHT_RETURN_PRODUCTS = 10;

/** Units sold, units of them sent back (the shop's refusals left out) and the share that is. */
const rateFields = {
  sold: z.number().int(),
  returned: z.number().int(),
  /** Returned over sold, 0 to 1; 0 when nothing sold. */
  rate: z.number(),
};

export const insightReturnProductSchema = z.object({
  productId: idSchema,
  /** The product's name now, or as it was sold once it is deleted. */
  name: z.string(),
  ...rateFields,
  /** Of those, the units sent back as too small or too large, and their share of the units sold. */
  sizeReturned: z.number().int(),
  sizeRate: z.number(),
});
export type InsightReturnProduct = z.infer<typeof insightReturnProductSchema>;

/**
 * GET /api/insight/returns: what came back of the units sold in the range (orders made in it, cancelled
 * ones left out), whenever it came back; by reason, by size and by product.
 */
export const insightReturnsSchema = z.object({
  from: isoDaySchema,
  to: isoDaySchema,
  ...rateFields,
  /** The shop's units sent back for size (too small or too large) over its units sold. */
  sizeRate: z.number(),
  /** Every reason, in the order a customer is offered them; rate is over all units sold. */
  byReason: z.array(z.object({ reason: z.enum(RETURN_REASONS), returned: z.number().int(), rate: z.number() })),
  /** The sizes sold, smallest first; orders from before sizes are left out. */
  bySize: z.array(z.object({ size: z.string(), ...rateFields })),
  /** The products most returned for their sales, at most INSIGHT_RETURN_PRODUCTS, highest rate first. */
  byProduct: z.array(insightReturnProductSchema),
  /**
   * Products whose size returns stand out: a size rate at least INSIGHT_SIZE_RETURNS_FACTOR times the
   * shop's, on at least INSIGHT_SIZE_RETURNS_MIN_SOLD units sold; highest size rate first.
   */
  sizeStandOuts: z.array(insightReturnProductSchema),
});
export type InsightReturns = z.infer<typeof insightReturnsSchema>;
