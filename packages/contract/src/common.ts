import { z } from 'zod';

export const idSchema = z.uuid({ message: 'Invalid id' });

/** An e-mail address as the shop keeps it: trimmed and lower-cased. */
export const emailSchema = z
  .string({ message: 'Email is required' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Enter a valid email address' }).max(254));
export const idParamsSchema = z.object({ id: idSchema });

export const errorResponseSchema = z.object({ message: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });

/**
 * Decimal text as a number input's value arrives ("49.5", "55", "-3"): digits, at most one point, an
 * optional minus. No exponent, sign or spaces inside, so "1e400" or "0x10" are not numbers here.
 */
export const DECIMAL_TEXT = /^-?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * A number, or the same number written as decimal text: the seed's forms send an input's value as it
 * is. `what` names the field in its messages ("Price is required", "Price must be a number").
 */
export function numberOrDecimalText(what: string) {
  // The conversion stays outside the union: a union of pipes loses its text branch in the OpenAPI description.
  return z
    .union([z.number(), z.string().trim().regex(DECIMAL_TEXT, `${what} must be a number`)], {
      error: (issue) => (issue.input === undefined ? `${what} is required` : `${what} must be a number`),
    })
    .transform(Number);
}

/** A money amount in dollars as a client sends it: positive, at most two decimals. */
export const dollarsSchema = numberOrDecimalText('Price')
  .pipe(
    z
      .number()
      .positive('Price must be greater than 0')
      .max(1_000_000, 'Price is too large')
      .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'Price can have at most two decimals'),
  )
  .meta({ description: 'Dollars, at most two decimals: a number, or the same number as decimal text ("49.5")' });

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const timestampSchema = z.string();
