import { and, eq, gt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { jsonParam, jsonText, placeholdersFor, preparedPerDatabase } from '../../db/prepared';
import { builtinPaymentSessions } from '../../db/schema';

export type BuiltinSessionRow = typeof builtinPaymentSessions.$inferSelect;
export type NewBuiltinSession = typeof builtinPaymentSessions.$inferInsert;

// A purchase's statements, each built once per database: building Drizzle's SQL twice on every call (once
// for the statement's name) was a fifth of a purchase's CPU.

/** What opening a session records; its status, payment and delivery come later. */
const OPENED_SESSION_FIELDS = [
  'id',
  'amountTotalCents',
  'itemsTotalCents',
  'discountCode',
  'discountCents',
  'customerEmail',
  'lineItems',
  'successUrl',
  'cancelUrl',
  'metadata',
  'expiresAt',
] as const;

type OpenedBuiltinSession = Pick<
  Required<NewBuiltinSession>,
  (typeof OPENED_SESSION_FIELDS)[number] | 'prefillAddress'
>;

const insertStatement = preparedPerDatabase((db) =>
  db
    .insert(builtinPaymentSessions)
    .values({
      ...placeholdersFor(OPENED_SESSION_FIELDS),
      prefillAddress: jsonParam('prefillAddress'),
    })
    .prepare('insert_builtin_session'),
);

export async function insertBuiltinSession(db: Queryable, values: OpenedBuiltinSession): Promise<void> {
  await insertStatement(db).execute({ ...values, prefillAddress: jsonText(values.prefillAddress) });
}

const findStatement = preparedPerDatabase((db) =>
  db
    .select()
    .from(builtinPaymentSessions)
    .where(eq(builtinPaymentSessions.id, sql.placeholder('id')))
    .prepare('find_builtin_session'),
);

export async function findBuiltinSession(db: Queryable, id: string): Promise<BuiltinSessionRow | undefined> {
  const [row] = await findStatement(db).execute({ id });
  return row;
}

/** The delivery chosen on the page and the total it makes, written with the payment. */
export type BuiltinPaidDelivery = Required<
  Pick<NewBuiltinSession, 'shippingAddress' | 'shippingMethod' | 'shippingCents' | 'amountTotalCents'>
>;

/** A named value in an update's `set`, sent as given (Drizzle's types take no placeholder there). */
const given = (name: string) => sql`${sql.placeholder(name)}`;

/** The payment of an open, unexpired session, with the delivery chosen on the page or without one. */
function payStatement(withDelivery: boolean) {
  const delivery = {
    shippingAddress: jsonParam('shippingAddress'),
    shippingMethod: given('shippingMethod'),
    shippingCents: given('shippingCents'),
    amountTotalCents: given('amountTotalCents'),
  };
  return preparedPerDatabase((db) =>
    db
      .update(builtinPaymentSessions)
      .set({
        status: 'paid',
        paymentId: given('paymentId'),
        paidAt: given('paidAt'),
        // The e-mail a guest typed on the page; a session opened with one keeps it.
        customerEmail: sql`coalesce(${builtinPaymentSessions.customerEmail}, ${sql.placeholder('customerEmail')})`,
        ...(withDelivery ? delivery : {}),
      })
      .where(
        and(
          eq(builtinPaymentSessions.id, sql.placeholder('id')),
          eq(builtinPaymentSessions.status, 'open'),
          gt(builtinPaymentSessions.expiresAt, sql.placeholder('paidAt')),
        ),
      )
      .returning()
      .prepare(withDelivery ? 'pay_builtin_session_delivered' : 'pay_builtin_session'),
  );
}

const payWithDelivery = payStatement(true);
const payWithoutDelivery = payStatement(false);

/** Pays an open, unexpired session; answers nothing when it was not (already paid, or expired). */
export async function markBuiltinSessionPaid(
  db: Queryable,
  id: string,
  payment: { paymentId: string; now: Date; email: string | null },
  delivery?: BuiltinPaidDelivery,
): Promise<BuiltinSessionRow | undefined> {
  const paid = { id, paymentId: payment.paymentId, paidAt: payment.now, customerEmail: payment.email };
  const [row] = delivery
    ? await payWithDelivery(db).execute({
        ...paid,
        ...delivery,
        shippingAddress: jsonText(delivery.shippingAddress),
      })
    : await payWithoutDelivery(db).execute(paid);
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
