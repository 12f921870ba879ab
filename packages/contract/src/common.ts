import { z } from 'zod';

export const idSchema = z.uuid({ message: 'Invalid id' });
export const idParamsSchema = z.object({ id: idSchema });

export const errorResponseSchema = z.object({ message: z.string() });
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const messageResponseSchema = z.object({ message: z.string() });

/** A money amount in dollars as a client sends it: positive, at most two decimals. */
export const dollarsSchema = z
  .number({ message: 'Price must be a number' })
  .positive('Price must be greater than 0')
  .max(1_000_000, 'Price is too large')
  .refine((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'Price can have at most two decimals');

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const timestampSchema = z.string();
