import { z } from 'zod';

/** How a piece fits, as a reviewer says it. */
export const FIT_ANSWERS = ['runs_small', 'true_to_size', 'runs_large'] as const;
export type FitAnswer = (typeof FIT_ANSWERS)[number];
export const FIT_ANSWER_LABELS: Record<FitAnswer, string> = {
  runs_small: 'Runs small',
  true_to_size: 'True to size',
  runs_large: 'Runs large',
};

/**
 * Fit is summed up only from this many answers on (reviews that say how it fits, and returns for too
 * small or too large): fewer is an anecdote, not advice.
 */
export const FIT_SUMMARY_MIN_ANSWERS = 5;
/** A verdict other than true to size needs more than this share of the answers. */
export const FIT_VERDICT_MIN_SHARE = 0.5;
/** "Customers who usually wear M kept S" is said from this many such customers on. */
export const FIT_SIZE_ADVICE_MIN_CUSTOMERS = 3;

/** What the product page says once the answers give a verdict. */
export const FIT_ADVICE: Record<FitAnswer, string> = {
  runs_small: 'Most customers say this runs small: we suggest one size up',
  true_to_size: 'Most customers say this fits true to size',
  runs_large: 'Most customers say this runs large: we suggest one size down',
};

export const fitSummarySchema = z.object({
  /** Answers counted: reviews with a fit answer plus returns for too small or too large. */
  answers: z.number().int(),
  runsSmall: z.number().int(),
  trueToSize: z.number().int(),
  runsLarge: z.number().int(),
  /** Null below FIT_SUMMARY_MIN_ANSWERS. */
  verdict: z.enum(FIT_ANSWERS).nullable(),
  /** The sentence the product page shows, e.g. "Most customers say this runs small: we suggest one size up". */
  advice: z.string().nullable(),
  /**
   * For each usual size (the size a customer keeps most often across the shop), the size of this
   * product such customers kept most often, when it differs and enough customers say so.
   */
  keptSizes: z.array(z.object({ usualSize: z.string(), keptSize: z.string(), customers: z.number().int() })),
});
export type FitSummary = z.infer<typeof fitSummarySchema>;
