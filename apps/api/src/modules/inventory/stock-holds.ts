import { randomUUID } from 'node:crypto';
import { describeShortItem, type ShortItem } from '@shop/contract/inventory';
import type { Queryable, Transaction } from '../../db/client';
import { AppError } from '../../platform/errors';
import type { CartLine } from './cart-lines';
import { availableOf, sellAvailable } from './inventory.queries';
import { endActiveReservations, holdLines, type ReservationEnd } from './stock-holds.queries';
import { insertLedger, ledgerRow, restockVariants } from './stock-ledger.queries';

// What a checkout holds of each size, and how the hold ends: sold, given back, or returned to stock.

/** Rows of sizes are always locked in this order, whoever locks them. */
function byVariant(a: { variantId: string | null }, b: { variantId: string | null }): number {
  const [x, y] = [a.variantId ?? '', b.variantId ?? ''];
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The 409 of a checkout some of whose lines cannot be held: each short line and what is left of it. */
export function shortStock(shortItems: ShortItem[]): AppError {
  const message = `Not enough left: ${shortItems.map(describeShortItem).join('; ')}. Your cart has been updated.`;
  return new AppError('conflict', message, { body: { shortItems } });
}

/**
 * Holds every line of a checkout in one statement (stock-holds.queries holdLines): each line is held only
 * where its size still has that many available, which the sizes' own check decides as the update
 * happens, never read first. All lines or none: when a line cannot be held nothing is, and the 409
 * names what is left of each short one.
 */
export async function reserveCart(
  db: Queryable,
  lines: readonly CartLine[],
  actorId: string | null,
  expiresAt: Date,
  holdId: string = randomUUID(),
): Promise<string> {
  if (await holdLines(db, { holdId, actorId, expiresAt, lines })) return holdId;
  const left = new Map(
    (
      await availableOf(
        db,
        lines.map((l) => l.variantId),
      )
    ).map((r) => [r.id, r.available]),
  );
  // Named in the cart's order, as the shopper sees them.
  throw shortStock(
    lines
      .filter((l) => (left.get(l.variantId) ?? 0) < l.quantity)
      .map((l) => ({
        productId: l.productId,
        name: l.name,
        size: l.size,
        ...(l.colourName && { colour: l.color, colourName: l.colourName }),
        available: Math.max(0, left.get(l.variantId) ?? 0),
        requested: l.quantity,
      })),
  );
}

/**
 * Ends a hold once: paid (the stock leaves), cancelled or expired (it becomes available again). A hold
 * already ended gives nothing back, so a payment and an expiry racing end it one way only.
 */
export async function endHold(
  tx: Transaction,
  holdId: string,
  end: ReservationEnd,
  actorId: string | null,
  now = new Date(),
): Promise<{ variantId: string; quantity: number }[]> {
  return endActiveReservations(tx, holdId, end, now, actorId);
}

/**
 * A paid checkout that held nothing (opened before sizes existed): its lines leave from what is still
 * available. Answers the lines that could not, which the caller reports: the payment stands.
 */
export async function sellUnheld(
  tx: Transaction,
  lines: readonly { variantId: string | null; quantity: number }[],
  actorId: string | null,
): Promise<number> {
  let unsold = 0;
  for (const line of [...lines].sort(byVariant)) {
    if (!line.variantId) continue;
    if (await sellAvailable(tx, line.variantId, line.quantity)) {
      await insertLedger(tx, [ledgerRow(line.variantId, 'sale', { onHand: -line.quantity }, actorId)]);
    } else unsold += 1;
  }
  return unsold;
}

/**
 * Pieces of an order given back (a refund or a cancellation: 'restock'; an accepted return: 'return')
 * return to stock in the caller's transaction, with a ledger row each of that reason; lines whose
 * product or size is gone are skipped. Answers how many sizes moved.
 */
export async function restockReturned(
  tx: Transaction,
  lines: readonly { variantId: string | null; quantity: number }[],
  actorId: string | null,
  reason: 'restock' | 'return' = 'restock',
): Promise<number> {
  const known = lines.flatMap((l) =>
    l.variantId && l.quantity > 0 ? [{ variantId: l.variantId, quantity: l.quantity }] : [],
  );
  return (await restockVariants(tx, known, actorId, reason)).length;
}
