import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { builtinPaymentSessions, builtinRefunds } from '../../db/schema';
import { type RefundInput, RefundRefusedError } from './payment-provider';

/**
 * The builtin provider's refund: recorded once per idempotency key, as Stripe's are, so a retry after a
 * crash answers the refund already made. It refuses, as a real provider would, a payment it never took
 * and more than that payment left to give back.
 */
export async function builtinRefund(db: Queryable, input: RefundInput): Promise<{ providerRefundId: string }> {
  const id = `re_builtin_${randomBytes(12).toString('hex')}`;
  // The shop's own refunded total is what guards racing refunds; this check only catches a wrong payment.
  const result = await db.execute(sql`
    insert into ${builtinRefunds} (id, payment_id, amount_cents, idempotency_key)
    select ${id}, ${input.paymentId}, ${input.amountCents}::int, ${input.idempotencyKey}
    where (
      select ${builtinPaymentSessions.amountTotalCents} from ${builtinPaymentSessions}
      where ${builtinPaymentSessions.paymentId} = ${input.paymentId} and ${builtinPaymentSessions.status} = 'paid'
    ) - (
      select coalesce(sum(${builtinRefunds.amountCents}), 0) from ${builtinRefunds}
      where ${builtinRefunds.paymentId} = ${input.paymentId}
    ) >= ${input.amountCents}::int
    on conflict (idempotency_key) do nothing
    returning id`);
  const [inserted] = (result as unknown as { rows: { id: string }[] }).rows;
  if (inserted) return { providerRefundId: inserted.id };
  const [earlier] = await db
    .select({ id: builtinRefunds.id })
    .from(builtinRefunds)
    .where(eq(builtinRefunds.idempotencyKey, input.idempotencyKey));
  if (earlier) return { providerRefundId: earlier.id };
  throw new RefundRefusedError('The payment was not found or has less left to refund than asked');
}
