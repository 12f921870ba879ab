import type { StockReason } from '@shop/contract/inventory';
import { desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { productVariants, stockLedger, users } from '../../db/schema';
import { arrayParam } from './inventory.queries';

// The stock ledger's movements: written beside every change of a size's counts, read as its history.

export type LedgerInsert = typeof stockLedger.$inferInsert;

export async function insertLedger(db: Queryable, values: LedgerInsert[]): Promise<void> {
  if (values.length > 0) await db.insert(stockLedger).values(values);
}

export const ledgerRow = (
  variantId: string,
  reason: StockReason,
  change: { onHand?: number; reserved?: number },
  actorId: string | null,
  holdId: string | null = null,
): LedgerInsert => ({
  variantId,
  reason,
  onHandDelta: change.onHand ?? 0,
  reservedDelta: change.reserved ?? 0,
  actorId,
  holdId,
});

export function ledgerOfProduct(db: Queryable, productId: string, limit: number) {
  return db
    .select({
      id: stockLedger.id,
      size: productVariants.size,
      colour: productVariants.color,
      sku: productVariants.sku,
      reason: stockLedger.reason,
      onHandDelta: stockLedger.onHandDelta,
      reservedDelta: stockLedger.reservedDelta,
      by: users.username,
      createdAt: stockLedger.createdAt,
    })
    .from(stockLedger)
    .innerJoin(productVariants, eq(productVariants.id, stockLedger.variantId))
    .leftJoin(users, eq(users.id, stockLedger.actorId))
    .where(eq(productVariants.productId, productId))
    .orderBy(desc(stockLedger.createdAt), desc(stockLedger.id))
    .limit(limit);
}

/**
 * Puts pieces given back on hand with their ledger rows (`reason`: 'restock' for a refund's lines,
 * 'return' for a return's), in one statement, the sizes' rows locked in variant order as every statement
 * that moves stock locks them. A size deleted since is simply not there to update: its line is skipped.
 * Answers the sizes that were restocked.
 */
export async function restockVariants(
  db: Queryable,
  lines: readonly { variantId: string; quantity: number }[],
  actorId: string | null,
  reason: Extract<StockReason, 'restock' | 'return'> = 'restock',
): Promise<string[]> {
  if (lines.length === 0) return [];
  const result = await db.execute(sql`
    with wanted as (
      select x.v, sum(x.q)::int as q from unnest(${arrayParam(lines.map((l) => l.variantId))}::uuid[],
        ${arrayParam(lines.map((l) => l.quantity))}::int[]) as x(v, q)
      group by x.v order by x.v
    ), moved as (
      update ${productVariants} p set on_hand = p.on_hand + w.q, updated_at = now()
      from wanted w where p.id = w.v
      returning p.id, w.q
    ), logged as (
      insert into ${stockLedger} (variant_id, reason, on_hand_delta, actor_id)
      select id, ${reason}::stock_reason, q, ${actorId}::uuid from moved
    )
    select id from moved`);
  return (result as unknown as { rows: { id: string }[] }).rows.map((r) => r.id);
}
