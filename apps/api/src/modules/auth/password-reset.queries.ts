import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { passwordResetTokens, users } from '../../db/schema';

export type ResetTokenRow = typeof passwordResetTokens.$inferSelect;

/** Stores a link under the id given; answers nothing when a link with that id already exists. */
export async function insertResetToken(
  db: Queryable,
  values: { id: string; userId: string; tokenHash: string; expiresAt: Date },
): Promise<ResetTokenRow | undefined> {
  const [row] = await db
    .insert(passwordResetTokens)
    .values(values)
    .onConflictDoNothing({ target: passwordResetTokens.id })
    .returning();
  return row;
}

/**
 * Uses the token once: of two racing, one finds it unused and unexpired. Answers the used row, or
 * nothing when it was unknown, used or expired.
 */
export async function useResetToken(db: Queryable, tokenHash: string, now: Date): Promise<ResetTokenRow | undefined> {
  const [row] = await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.tokenHash, tokenHash),
        isNull(passwordResetTokens.usedAt),
        gt(passwordResetTokens.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

export async function findResetToken(db: Queryable, tokenHash: string): Promise<ResetTokenRow | undefined> {
  const [row] = await db.select().from(passwordResetTokens).where(eq(passwordResetTokens.tokenHash, tokenHash));
  return row;
}

/** The user's other links stop working once one of them has set a new password. */
export async function retireOtherResetTokens(db: Queryable, userId: string, keptId: string, now: Date): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(passwordResetTokens.userId, userId),
        ne(passwordResetTokens.id, keptId),
        isNull(passwordResetTokens.usedAt),
      ),
    );
}

export async function setPasswordHash(db: Queryable, userId: string, passwordHash: string, now: Date): Promise<void> {
  await db.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, userId));
}
