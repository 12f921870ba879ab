import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { placeholdersFor, preparedPerDatabase } from '../../db/prepared';
import { checkoutSessions, orders } from '../../db/schema';
import { linesOfOrderJson, refundsOfOrderJson } from './order-lines.queries';
import type { CheckoutSessionRow, OrderLineFields, OrderRefundFields, OrderRow } from './order-rows';

// The shop's record of each checkout session it opened with the payment provider.

/** What a checkout records of its session; the rest (its fulfilment) comes later. */
const RECORDED_SESSION_FIELDS = [
  'id',
  'provider',
  'userId',
  'email',
  'lineItems',
  'subtotalCents',
  'taxCents',
  'amountCents',
  'createdAt',
  'expiresAt',
  'holdId',
  'discountCodeId',
  'discountCode',
  'discountCents',
] as const;

type RecordedCheckoutSession = Pick<
  Required<typeof checkoutSessions.$inferInsert>,
  (typeof RECORDED_SESSION_FIELDS)[number]
>;

const insertCheckoutSessionStatement = preparedPerDatabase((db) =>
  db.insert(checkoutSessions).values(placeholdersFor(RECORDED_SESSION_FIELDS)).prepare('insert_checkout_session'),
);

export async function insertCheckoutSession(db: Queryable, values: RecordedCheckoutSession) {
  await insertCheckoutSessionStatement(db).execute(values);
}

export async function findCheckoutSession(db: Queryable, id: string): Promise<CheckoutSessionRow | undefined> {
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.id, id));
  return row;
}

/** A checkout session with the order made from it (null before there is one), as confirmation reads it. */
export interface CheckoutSessionWithOrder {
  session: CheckoutSessionRow;
  order: { row: OrderRow; lines: OrderLineFields[]; refunds: OrderRefundFields[] } | null;
}

const checkoutSessionWithOrderStatement = preparedPerDatabase((db) =>
  db
    .select({
      session: checkoutSessions,
      order: orders,
      lines: linesOfOrderJson,
      refunds: refundsOfOrderJson,
    })
    .from(checkoutSessions)
    .leftJoin(orders, eq(orders.checkoutSessionId, checkoutSessions.id))
    .where(eq(checkoutSessions.id, sql.placeholder('id')))
    .prepare('checkout_session_with_order'),
);

/**
 * One round trip for what confirming a paid session reads: the session, its order, the order's lines
 * in cart order and its refunds oldest first (the lines and refunds as JSON beside the order's row).
 */
export async function findCheckoutSessionWithOrder(
  db: Queryable,
  id: string,
): Promise<CheckoutSessionWithOrder | undefined> {
  const [row] = await checkoutSessionWithOrderStatement(db).execute({ id });
  if (!row) return undefined;
  const order = row.order && {
    row: row.order,
    lines: row.lines,
    refunds: row.refunds.map((refund) => ({ ...refund, createdAt: new Date(refund.createdAt) })),
  };
  return { session: row.session, order };
}

export async function findCheckoutSessionByHold(
  db: Queryable,
  holdId: string,
): Promise<CheckoutSessionRow | undefined> {
  const [row] = await db.select().from(checkoutSessions).where(eq(checkoutSessions.holdId, holdId));
  return row;
}

/** Sessions created since `since` that have no order yet: the ones reconciliation asks about. */
export function unfulfilledCheckoutSessions(db: Queryable, since: Date) {
  return db
    .select({ id: checkoutSessions.id })
    .from(checkoutSessions)
    .where(and(isNull(checkoutSessions.fulfilledAt), gt(checkoutSessions.createdAt, since)))
    .orderBy(asc(checkoutSessions.createdAt));
}
