import { and, asc, eq, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { commitWithoutWaitingForDisk, namedStatement, param } from '../../db/prepared';
import { productVariants, stockLedger, stockReservations } from '../../db/schema';
import { PG_CHECK_VIOLATION, PG_FOREIGN_KEY_VIOLATION, pgConstraint, pgErrorCode } from '../../platform/errors';
import { arrayParam } from './inventory.queries';

// A checkout's holds on stock: taken all at once, ended once as a sale or a release, found when expired.

const holdLinesStatement = namedStatement<{ held: number }>(
  'hold_checkout_lines',
  sql`
    with wanted as (
      select x.v, x.q from unnest(${param('variantIds')}::uuid[], ${param('quantities')}::int[])
        with ordinality as x(v, q, n)
      order by x.n
    ), held as (
      -- The condition is the sizes' own check (reserved <= on hand, product_variants_reserved_range):
      -- a line that would hold more than is there ends the whole statement, holding nothing.
      update ${productVariants} p set reserved = p.reserved + w.q, updated_at = now()
      from wanted w where p.id = w.v
      returning p.id
    ), reserved as (
      -- A size deleted since the cart was priced fails this insert's foreign key: nothing held either.
      insert into ${stockReservations} (hold_id, variant_id, quantity, actor_id, expires_at)
      select ${param('holdId')}::uuid, w.v, w.q, ${param('actorId')}::uuid, ${param('expiresAt')}::timestamptz
      from wanted w
      returning variant_id, quantity
    ), logged as (
      insert into ${stockLedger} (variant_id, reason, reserved_delta, actor_id, hold_id)
      select variant_id, 'reservation', quantity, ${param('actorId')}::uuid, ${param('holdId')}::uuid from reserved
    )
    select count(*)::int as held from held ${commitWithoutWaitingForDisk}`,
);

/** What ends a hold's statement when a line cannot be held: a size short of stock, or one deleted. */
const SHORT_LINE = new Set([
  `${PG_CHECK_VIOLATION} product_variants_reserved_range`,
  `${PG_FOREIGN_KEY_VIOLATION} stock_reservations_variant_id_product_variants_id_fk`,
]);

/**
 * Holds every line of a checkout in one statement, all or none, with no transaction around it: each
 * size gains its line's quantity in `reserved`, which the sizes' check lets happen only where that many
 * are available (never read first), and the reservations and their ledger rows are written with it.
 * Answers whether every line was held; if not, nothing was. The lines are locked in variant order, as
 * every other statement that moves stock locks them. Being one statement, it lets go of the rows as
 * soon as it ends, not a round trip to the shop later: ten buyers of the same sizes queued for that. Nor does its commit
 * wait for the disk (`commitWithoutWaitingForDisk`).
 */
export async function holdLines(
  db: Queryable,
  hold: {
    holdId: string;
    actorId: string | null;
    expiresAt: Date;
    lines: readonly { variantId: string; quantity: number }[];
  },
): Promise<boolean> {
  const lines = [...hold.lines].sort((a, b) => (a.variantId < b.variantId ? -1 : a.variantId > b.variantId ? 1 : 0));
  try {
    const [row] = await holdLinesStatement(db, {
      variantIds: arrayParam(lines.map((l) => l.variantId)),
      quantities: arrayParam(lines.map((l) => l.quantity)),
      holdId: hold.holdId,
      actorId: hold.actorId,
      expiresAt: hold.expiresAt.toISOString(),
    });
    return row?.held === lines.length;
  } catch (err) {
    if (SHORT_LINE.has(`${pgErrorCode(err)} ${pgConstraint(err)}`)) return false;
    throw err;
  }
}

export type ReservationEnd = 'paid' | 'cancelled' | 'expired';

/**
 * The start of a statement that ends a hold's active reservations as a sale (on hand and reserved leave,
 * on the holder's name) or a release (only reserved, on the releaser's): `ended` and their ledger rows.
 */
const endedReservations = (sale: boolean) => sql`
    with ended as (
      update ${stockReservations} set status = ${param('status')}::reservation_status,
        ended_at = ${param('now')}::timestamptz
      where hold_id = ${param('holdId')}::uuid and status = 'active'
      returning variant_id, quantity, actor_id
    ), logged as (
      insert into ${stockLedger} (variant_id, reason, on_hand_delta, reserved_delta, actor_id, hold_id)
      select variant_id, ${sale ? sql`'sale'` : sql`'release'`}::stock_reason,
        ${sale ? sql`-quantity` : sql`0`}, -quantity,
        ${sale ? sql`coalesce(actor_id, ${param('actorId')}::uuid)` : sql`${param('actorId')}::uuid`},
        ${param('holdId')}::uuid
      from ended
    )`;

/**
 * A sale's sizes' counts move when its transaction commits (the deferred trigger
 * `stock_reservations_sale_settle`, migration 0020), so the order's transaction locks the sizes only
 * inside its COMMIT, not for the round trip to the shop that sends it.
 */
const sellHeldStatement = namedStatement<{ variantId: string; quantity: number }>(
  'sell_held_stock',
  sql`${endedReservations(true)} select variant_id as "variantId", quantity from ended`,
);

/** A release gives the sizes' reserved back in the same statement. */
const releaseHeldStatement = namedStatement<{ variantId: string; quantity: number }>(
  'release_held_stock',
  sql`${endedReservations(false)}, moved as (
      -- Runs whether or not it is read, as every data-modifying WITH does; in variant order, as every
      -- statement that moves stock locks the sizes' rows.
      update ${productVariants} p set reserved = p.reserved - e.quantity, updated_at = now()
      from (select variant_id, sum(quantity)::int as quantity from ended group by variant_id order by variant_id) e
      where p.id = e.variant_id
      returning p.id
    )
    select variant_id as "variantId", quantity from ended`,
);

/**
 * Ends every still-active reservation of a hold, once, in one statement. Of a payment and an expiry
 * racing, the one whose update finds the rows active gets them, the other gets nothing back. A sale is
 * on the holder's name, a release on `actorId`'s.
 */
export function endActiveReservations(
  db: Queryable,
  holdId: string,
  status: ReservationEnd,
  now: Date,
  actorId: string | null,
): Promise<{ variantId: string; quantity: number }[]> {
  const statement = status === 'paid' ? sellHeldStatement : releaseHeldStatement;
  return statement(db, { status, now: now.toISOString(), holdId, actorId });
}

/** Holds with a reservation still active past its time, oldest first. */
export async function expiredHoldIds(db: Queryable, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ holdId: stockReservations.holdId, expiresAt: stockReservations.expiresAt })
    .from(stockReservations)
    .where(and(eq(stockReservations.status, 'active'), lte(stockReservations.expiresAt, now)))
    .orderBy(asc(stockReservations.expiresAt))
    .limit(limit);
  return [...new Set(rows.map((r) => r.holdId))];
}
