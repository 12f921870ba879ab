import { toDollars } from '@shop/contract/money';
import type { AdminStats, UserStats } from '@shop/contract/stats';
import { z } from 'zod';
import type { Queryable } from '../../db/client';
import { requireAdminPower } from '../../platform/auth-guard';
import type { ServiceContext } from '../../platform/context';
import { notFound, unauthorised } from '../../platform/errors';
import * as queries from './stats.queries';

const isUuid = (value: string) => z.uuid().safeParse(value).success;

/** A customer sees their own statistics, asked for by id or e-mail; an admin sees anyone's. */
export async function userStats(ctx: ServiceContext, idOrEmail: string): Promise<UserStats> {
  const actor = ctx.actor;
  if (!actor) throw unauthorised();
  const by = isUuid(idOrEmail) ? { id: idOrEmail.toLowerCase() } : { email: idOrEmail };
  const self = 'id' in by ? by.id === actor.id : by.email.toLowerCase() === actor.email.toLowerCase();
  // Checked before the lookup, so a customer cannot learn which accounts exist.
  if (!self) requireAdminPower(ctx.adminPower, 'You can only see your own statistics');
  const row = await queries.findUserWithTotals(ctx.db, by);
  if (!row) throw notFound('User not found');
  return {
    totalPayments: toDollars(row.paymentsCents),
    totalReviews: row.reviews,
    totalPurchasedProducts: row.purchasedProducts,
  };
}

/** Shop-wide totals and the earnings of each month of the current calendar year (UTC). */
export async function adminStats(db: Queryable, now: Date = new Date()): Promise<AdminStats> {
  const totals = await queries.shopTotals(db, now.getUTCFullYear());
  return {
    totalOrders: totals.orders,
    totalProducts: totals.products,
    totalReviews: totals.reviews,
    totalUsers: totals.users,
    totalEarnings: toDollars(totals.earningsCents),
    monthlyEarnings: totals.monthlyCents.map((cents, i) => ({ month: i + 1, earnings: toDollars(cents) })),
  };
}
