import type { MailKind } from '@shop/contract/mail';
import type { Queryable } from '../../db/client';
import type { JobQueue } from '../../platform/job-queue';

/**
 * The event a mail is about, which is also what makes it one mail: `order-confirmation:<order id>`,
 * `order-shipped:<order id>`, `refund-issued:<refund id>`, `password-reset:<reset token id>`.
 */
export type MailEventKey = `${MailKind}:${string}`;

export const mailEventKey = (kind: MailKind, id: string): MailEventKey => `${kind}:${id}`;

/**
 * Writes the mail's job in the transaction of the event that causes it: the mail exists exactly when
 * the event committed. `sealed` carries what the shop keeps nowhere else (a password reset's token),
 * encrypted with the shop's mail key.
 */
export async function enqueueMail(
  jobs: JobQueue,
  tx: Queryable,
  eventKey: MailEventKey,
  sealed?: string,
): Promise<void> {
  await jobs.send(tx, 'mail', sealed === undefined ? { eventKey } : { eventKey, sealed });
}
