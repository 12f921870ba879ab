import { and, eq, gt } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { runPrepared } from '../../db/prepared';
import { builtinPaymentSessions } from '../../db/schema';

export type BuiltinSessionRow = typeof builtinPaymentSessions.$inferSelect;
export type NewBuiltinSession = typeof builtinPaymentSessions.$inferInsert;

export async function insertBuiltinSession(db: Queryable, values: NewBuiltinSession): Promise<void> {
  await runPrepared(db.insert(builtinPaymentSessions).values(values));
}

export async function findBuiltinSession(db: Queryable, id: string): Promise<BuiltinSessionRow | undefined> {
  const [row] = await runPrepared(db.select().from(builtinPaymentSessions).where(eq(builtinPaymentSessions.id, id)));
  return row;
}

/** The delivery chosen on the page and the total it makes, written with the payment. */
export type BuiltinPaidDelivery = Required<
  Pick<NewBuiltinSession, 'shippingAddress' | 'shippingMethod' | 'shippingCents' | 'amountTotalCents'>
>;

/** Pays an open, unexpired session; answers nothing when it was not (already paid, or expired). */
export async function markBuiltinSessionPaid(
  db: Queryable,
  id: string,
  paymentId: string,
  now: Date,
  delivery?: BuiltinPaidDelivery,
): Promise<BuiltinSessionRow | undefined> {
  const [row] = await runPrepared(
    db
      .update(builtinPaymentSessions)
      .set({ status: 'paid', paymentId, paidAt: now, ...delivery })
      .where(
        and(
          eq(builtinPaymentSessions.id, id),
          eq(builtinPaymentSessions.status, 'open'),
          gt(builtinPaymentSessions.expiresAt, now),
        ),
      )
      .returning(),
  );
  return row;
}

/** Closes an open session so it can no longer be paid; answers its status now. */
export async function expireBuiltinSession(
  db: Queryable,
  id: string,
): Promise<BuiltinSessionRow['status'] | undefined> {
  const [closed] = await db
    .update(builtinPaymentSessions)
    .set({ status: 'expired' })
    .where(and(eq(builtinPaymentSessions.id, id), eq(builtinPaymentSessions.status, 'open')))
    .returning({ status: builtinPaymentSessions.status });
  if (closed) return closed.status;
  return (await findBuiltinSession(db, id))?.status;
}
