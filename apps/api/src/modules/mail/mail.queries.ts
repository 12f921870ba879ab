import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { orders, passwordResetTokens, refunds, sentMails, users } from '../../db/schema';

export type SentMailRow = typeof sentMails.$inferSelect;

export async function isMailSent(db: Queryable, eventKey: string): Promise<boolean> {
  const [row] = await db
    .select({ eventKey: sentMails.eventKey })
    .from(sentMails)
    .where(eq(sentMails.eventKey, eventKey));
  return row !== undefined;
}

/** Records a mail as sent; a second record of the same event is ignored. */
export async function recordMailSent(db: Queryable, values: typeof sentMails.$inferInsert): Promise<void> {
  await db.insert(sentMails).values(values).onConflictDoNothing({ target: sentMails.eventKey });
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
