import { and, asc, count, desc, eq, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { commitWithoutWaitingForDisk, namedStatement, param, preparedPerDatabase } from '../../db/prepared';
import { discountCodeCustomers, discountCodeHolds, discountCodes } from '../../db/schema';
import { PG_CHECK_VIOLATION, pgConstraint, pgErrorCode } from '../../platform/errors';

export type DiscountCodeRow = typeof discountCodes.$inferSelect;
/** How a checkout's hold of a code ends: paid, cancelled or expired, as the checkout's stock holds do. */
export type CodeHoldEnd = Exclude<(typeof discountCodeHolds.$inferSelect)['status'], 'active'>;
export type NewDiscountCode = typeof discountCodes.$inferInsert;
/** What the admin sets of a code: everything but its counts and who made it. */
export type DiscountCodeFields = Omit<
  NewDiscountCode,
  'id' | 'uses' | 'held' | 'createdBy' | 'createdAt' | 'updatedAt'
>;

export async function insertDiscountCode(db: Queryable, values: NewDiscountCode): Promise<DiscountCodeRow> {
  const [row] = await db.insert(discountCodes).values(values).returning();
  if (!row) throw new Error('discount code not inserted');
  return row;
}

/** The code's row, locked until the transaction ends when `lock` (an edit reads what it changes from). */
export async function findDiscountCode(
  db: Queryable,
  id: string,
  options: { lock?: boolean } = {},
): Promise<DiscountCodeRow | undefined> {
  const query = db.select().from(discountCodes).where(eq(discountCodes.id, id));
  const [row] = options.lock ? await query.for('update') : await query;
  return row;
}

export async function updateDiscountCode(
  db: Queryable,
  id: string,
  values: Partial<DiscountCodeFields>,
  now: Date,
): Promise<DiscountCodeRow | undefined> {
  const [row] = await db
    .update(discountCodes)
    .set({ ...values, updatedAt: now })
    .where(eq(discountCodes.id, id))
    .returning();
  return row;
}

export function listDiscountCodes(db: Queryable, page: { limit: number; offset: number }) {
  return db
    .select()
    .from(discountCodes)
    .orderBy(desc(discountCodes.createdAt), desc(discountCodes.id))
    .limit(page.limit)
    .offset(page.offset);
}

export async function countDiscountCodes(db: Queryable): Promise<number> {
  const [row] = await db.select({ n: count() }).from(discountCodes);
  return row?.n ?? 0;
}

/** A code as a checkout reads it: the code's row and this customer's uses and holds of it, in one query. */
export interface CodeForCheckout {
  code: DiscountCodeRow;
  customerUses: number;
  customerHeld: number;
}

/** Prepared by name, as a checkout's other statements are: a code by its key, so one plan fits every code. */
const codeForCheckoutStatement = preparedPerDatabase((db) =>
  db
    .select({
      code: discountCodes,
      customerUses: sql<number>`coalesce(${discountCodeCustomers.uses}, 0)::int`,
      customerHeld: sql<number>`coalesce(${discountCodeCustomers.held}, 0)::int`,
    })
    .from(discountCodes)
    .leftJoin(
      discountCodeCustomers,
      and(
        eq(discountCodeCustomers.codeId, discountCodes.id),
        eq(discountCodeCustomers.customer, sql.placeholder('customer')),
      ),
    )
    .where(eq(discountCodes.code, sql.placeholder('code')))
    .prepare('code_for_checkout'),
);

export async function findCodeForCheckout(
  db: Queryable,
  code: string,
  customer: string | null,
): Promise<CodeForCheckout | undefined> {
  const [row] = await codeForCheckoutStatement(db).execute({ code, customer });
  return row;
}

/**
 * Holds one use of a code for a checkout, in one statement with no transaction around it: the code's
 * `held` and the customer's go up by one, and the hold is written under the checkout's hold id. The
 * limits are the two rows' checks (uses + held <= the limit), decided as the rows are updated, never
 * read first: a use past either limit ends the whole statement, holding nothing. The code's row is
 * locked before the customer's, as every statement that moves a code's counts locks them. A code paused
 * or out of its dates since it was read holds nothing either (no row). Like a size's hold, its commit does
 * not wait for the disk (`commitWithoutWaitingForDisk`).
 */
const holdCodeStatement = namedStatement<{ held: number }>(
  'hold_discount_code',
  sql`
    with code as (
      update ${discountCodes} set held = held + 1
      where id = ${param('codeId')}::uuid and not paused
        and (starts_at is null or starts_at <= ${param('now')}::timestamptz)
        and (ends_at is null or ends_at > ${param('now')}::timestamptz)
      returning id, max_uses_per_customer
    ), customer as (
      insert into ${discountCodeCustomers} as c (code_id, customer, held, max_uses)
      select id, ${param('customer')}::text, 1, max_uses_per_customer from code
      on conflict (code_id, customer) do update set held = c.held + 1, max_uses = excluded.max_uses
      returning code_id
    ), hold as (
      insert into ${discountCodeHolds} (hold_id, code_id, user_id, customer, discount_cents, expires_at)
      select ${param('holdId')}::uuid, code_id, ${param('userId')}::uuid, ${param('customer')}::text,
        ${param('discountCents')}::int, ${param('expiresAt')}::timestamptz
      from customer
      returning hold_id
    )
    select count(*)::int as held from hold ${commitWithoutWaitingForDisk}`,
);

export type CodeHoldOutcome = 'held' | 'unavailable' | 'used_up' | 'customer_used_up';

const LIMIT_REACHED: Record<string, CodeHoldOutcome> = {
  discount_codes_uses_range: 'used_up',
  discount_code_customers_uses_range: 'customer_used_up',
};

export async function holdCodeUse(
  db: Queryable,
  hold: {
    holdId: string;
    codeId: string;
    userId: string | null;
    customer: string;
    discountCents: number;
    expiresAt: Date;
    now: Date;
  },
): Promise<CodeHoldOutcome> {
  try {
    const [row] = await holdCodeStatement(db, {
      holdId: hold.holdId,
      codeId: hold.codeId,
      userId: hold.userId,
      customer: hold.customer,
      discountCents: hold.discountCents,
      expiresAt: hold.expiresAt.toISOString(),
      now: hold.now.toISOString(),
    });
    return row?.held === 1 ? 'held' : 'unavailable';
  } catch (err) {
    const outcome = pgErrorCode(err) === PG_CHECK_VIOLATION ? LIMIT_REACHED[pgConstraint(err) ?? ''] : undefined;
    if (outcome) return outcome;
    throw err;
  }
}

/**
 * The statement that ends a hold's use of its code once: paid (the held use becomes a counted one) or
 * released (cancelled, expired). The counts move in the same statement; the code's row before the
 * customer's, as the hold took them.
 */
function endCodeHoldStatement(paid: boolean) {
  const counted = paid ? sql`, uses = d.uses + 1` : sql``;
  const countedByCustomer = paid ? sql`, uses = c.uses + 1` : sql``;
  return namedStatement<{ codeId: string }>(
    paid ? 'use_held_discount_code' : 'release_held_discount_code',
    sql`
    with ended as (
      update ${discountCodeHolds} set status = ${param('status')}::reservation_status,
        ended_at = ${param('now')}::timestamptz
      where hold_id = ${param('holdId')}::uuid and status = 'active'
      returning code_id, customer
    ), code as (
      update ${discountCodes} d set held = d.held - 1${counted}
      from ended e where d.id = e.code_id
      returning d.id
    ), customer as (
      update ${discountCodeCustomers} c set held = c.held - 1${countedByCustomer}
      from ended e join code k on k.id = e.code_id
      where c.code_id = e.code_id and c.customer = e.customer
      returning c.code_id
    )
    select code_id as "codeId" from ended`,
  );
}

const useHeldStatement = endCodeHoldStatement(true);
const releaseHeldStatement = endCodeHoldStatement(false);

/** Ends a checkout's hold of a code, once; answers the code whose hold ended, or nothing. */
export async function endCodeHold(
  db: Queryable,
  holdId: string,
  status: CodeHoldEnd,
  now: Date,
): Promise<string | undefined> {
  const statement = status === 'paid' ? useHeldStatement : releaseHeldStatement;
  const [row] = await statement(db, { holdId, status, now: now.toISOString() });
  return row?.codeId;
}

/**
 * Counts a use that no hold covered (a paid order whose hold had ended), where the limits still allow:
 * the checks end the statement otherwise, which the caller's savepoint catches.
 */
export async function countUnheldUse(db: Queryable, codeId: string, customer: string | null): Promise<void> {
  await db.execute(sql`
    with code as (
      update ${discountCodes} set uses = uses + 1 where id = ${codeId}::uuid
      returning id, max_uses_per_customer
    )
    insert into ${discountCodeCustomers} as c (code_id, customer, uses, max_uses)
    select id, ${customer}::text, 1, max_uses_per_customer from code where ${customer}::text is not null
    on conflict (code_id, customer) do update set uses = c.uses + 1`);
}

/** Holds of codes still active past their time, oldest first. */
export async function expiredCodeHoldIds(db: Queryable, now: Date, limit: number): Promise<string[]> {
  const rows = await db
    .select({ holdId: discountCodeHolds.holdId })
    .from(discountCodeHolds)
    .where(and(eq(discountCodeHolds.status, 'active'), lte(discountCodeHolds.expiresAt, now)))
    .orderBy(asc(discountCodeHolds.expiresAt))
    .limit(limit);
  return rows.map((r) => r.holdId);
}

/** For tests and checks: a customer's counts of a code. */
export async function customerCountsOf(db: Queryable, codeId: string, customer: string) {
  const [row] = await db
    .select({ uses: discountCodeCustomers.uses, held: discountCodeCustomers.held })
    .from(discountCodeCustomers)
    .where(and(eq(discountCodeCustomers.codeId, codeId), eq(discountCodeCustomers.customer, customer.toLowerCase())));
  return row ?? { uses: 0, held: 0 };
}
