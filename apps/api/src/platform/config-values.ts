import { z } from 'zod';

// How the environment's text becomes the configuration's values (platform/config.ts), each with its default.

export const optionalString = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));
export const positiveInt = (fallback: number) => z.coerce.number().int().positive().default(fallback);
export const seconds = (fallback: number) => z.coerce.number().positive().max(86_400).default(fallback);
export const bool = (fallback: boolean) =>
  z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((v) => (v === undefined ? fallback : v === 'true' || v === '1'));
