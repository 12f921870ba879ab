import { eq, inArray } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { emailConfirmationTokens, orders, passwordResetTokens, refunds, sentMails, users } from '../../db/schema';

export type SentMailRow = typeof sentMails.$inferSelect;

/** Which of these events already have their mail sent. */
export async function sentMailEvents(db: Queryable, eventKeys: readonly string[]): Promise<Set<string>> {
  if (eventKeys.length === 0) return new Set();
  const rows = await db
    .select({ eventKey: sentMails.eventKey })
    .from(sentMails)
    .where(inArray(sentMails.eventKey, [...eventKeys]));
  return new Set(rows.map((row) => row.eventKey));
}

/** Records mails as sent; a second record of the same event is ignored. */
export async function recordMailsSent(
  db: Queryable,
  values: readonly (typeof sentMails.$inferInsert)[],
): Promise<void> {
  if (values.length === 0) return;
  await db
    .insert(sentMails)
    .values([...values])
    .onConflictDoNothing({ target: sentMails.eventKey });
}

export async function findOrder(db: Queryable, id: string) {
  const [row] = await db.select().from(orders).where(eq(orders.id, id));
  return row;
}

export async function findRefund(db: Queryable, id: string) {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
  return row;
}

/** A reset link with its account's address, or undefined when either is gone. */
export async function findResetTokenWithEmail(db: Queryable, id: string) {
  const [row] = await db
    .select({ token: passwordResetTokens, email: users.email })
    .from(passwordResetTokens)
    .innerJoin(users, eq(users.id, passwordResetTokens.userId))
    .where(eq(passwordResetTokens.id, id));
  return row;
}

/** An e-mail confirmation link with its account's e-mail as it is now, or undefined when either is gone. */
export async function findEmailConfirmationWithAccount(db: Queryable, id: string) {
  const [row] = await db
    .select({ token: emailConfirmationTokens, accountEmail: users.email })
    .from(emailConfirmationTokens)
    .innerJoin(users, eq(users.id, emailConfirmationTokens.userId))
    .where(eq(emailConfirmationTokens.id, id));
  return row;
}
