import { type DiscountCode, type DiscountStatus, describeDiscount } from '@shop/contract/discounts';
import { toDollars } from '@shop/contract/money';
import type { DiscountCodeRow } from './discounts.queries';

/** Where a code stands at `now`: paused first (the owner's word), then its dates, then its uses. */
export function statusOf(row: DiscountCodeRow, now: Date): DiscountStatus {
  if (row.paused) return 'paused';
  if (row.endsAt && row.endsAt.getTime() <= now.getTime()) return 'expired';
  if (row.startsAt && row.startsAt.getTime() > now.getTime()) return 'scheduled';
  if (row.maxUses !== null && row.uses >= row.maxUses) return 'used_up';
  return 'active';
}

export function toDiscountCodeDto(row: DiscountCodeRow, now: Date): DiscountCode {
  return {
    _id: row.id,
    code: row.code,
    kind: row.kind,
    percentOff: row.percentOff,
    amountOff: row.amountOffCents === null ? null : toDollars(row.amountOffCents),
    minOrder: toDollars(row.minOrderCents),
    category: row.category,
    startsAt: row.startsAt?.toISOString() ?? null,
    endsAt: row.endsAt?.toISOString() ?? null,
    maxUses: row.maxUses,
    maxUsesPerCustomer: row.maxUsesPerCustomer,
    paused: row.paused,
    uses: row.uses,
    held: row.held,
    status: statusOf(row, now),
    description: describeDiscount(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
