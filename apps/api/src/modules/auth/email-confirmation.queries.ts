import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { emailConfirmationTokens, users } from '../../db/schema';

export async function insertEmailConfirmationToken(
  db: Queryable,
  values: { id: string; userId: string; email: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db.insert(emailConfirmationTokens).values(values);
}

/**
 * Uses a link once and confirms its account's e-mail in one statement: of two racing, one finds the link
 * unused and unexpired. A link made for an e-mail the account no longer has confirms nothing. Answers the
 * account and its e-mail, or nothing.
 */
export async function useEmailConfirmationToken(
  db: Queryable,
  tokenHash: string,
  now: Date,
): Promise<{ userId: string; email: string } | undefined> {
  const used = db.$with('used').as(
    db
      .update(emailConfirmationTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(emailConfirmationTokens.tokenHash, tokenHash),
          isNull(emailConfirmationTokens.usedAt),
          gt(emailConfirmationTokens.expiresAt, now),
        ),
      )
      .returning({ userId: emailConfirmationTokens.userId, email: emailConfirmationTokens.email }),
  );
  const [row] = await db
    .with(used)
    .update(users)
    .set({ emailConfirmedAt: sql`coalesce(${users.emailConfirmedAt}, ${now.toISOString()}::timestamptz)` })
    .from(used)
    .where(and(eq(users.id, used.userId), sql`lower(${users.email}) = lower(${used.email})`))
    .returning({ userId: users.id, email: users.email });
  return row;
}
