import { z } from 'zod';
import { idSchema } from './common';

export const userStatsSchema = z.object({
  totalPayments: z.number(),
  totalReviews: z.number().int(),
  totalPurchasedProducts: z.number().int(),
});
export type UserStats = z.infer<typeof userStatsSchema>;

export const monthlyEarningSchema = z.object({ month: z.number().int().min(1).max(12), earnings: z.number() });

export const adminStatsSchema = z.object({
  totalOrders: z.number().int(),
  totalProducts: z.number().int(),
  totalReviews: z.number().int(),
  totalUsers: z.number().int(),
  totalEarnings: z.number(),
  /** Exactly 12 entries, January to December of the current year. */
  monthlyEarnings: z.array(monthlyEarningSchema),
});
export type AdminStats = z.infer<typeof adminStatsSchema>;

/** The customer dashboard asks by user id, the admin screens by e-mail: both name the same user. */
export const userStatsParamsSchema = z.object({
  idOrEmail: z
    .string()
    .trim()
    .max(254, 'Must be a user id or an e-mail address')
    .refine(
      (v) => idSchema.safeParse(v).success || z.email().safeParse(v).success,
      'Must be a user id or an e-mail address',
    ),
});
