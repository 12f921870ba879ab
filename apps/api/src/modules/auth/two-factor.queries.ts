import { and, count, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { loginChallenges, totpRecoveryCodes, users, userTotp } from '../../db/schema';

export async function findTotp(db: Queryable, userId: string) {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId));
  return row;
}

/** A new secret for an enrolment that has not been confirmed (an earlier unconfirmed one is replaced). */
export async function upsertPendingTotp(db: Queryable, userId: string, secretSealed: string) {
  await db
    .insert(userTotp)
    .values({ userId, secretSealed })
    .onConflictDoUpdate({
      target: userTotp.userId,
      set: { secretSealed, lastUsedStep: null, createdAt: sql`now()` },
    });
}

/**
 * Moves the last accepted time step forward to `step`, only if it is later than the last one: of two
 * requests with the same code, one wins. False when the code's step was already used.
 */
export async function acceptTotpStep(db: Queryable, userId: string, step: number): Promise<boolean> {
  const rows = await db
    .update(userTotp)
    .set({ lastUsedStep: step })
    .where(and(eq(userTotp.userId, userId), or(isNull(userTotp.lastUsedStep), lt(userTotp.lastUsedStep, step))))
    .returning({ userId: userTotp.userId });
  return rows.length > 0;
}

export async function markTwoFactorEnabled(db: Queryable, userId: string, at: Date): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ twoFactorEnabledAt: at })
    .where(and(eq(users.id, userId), isNull(users.twoFactorEnabledAt)))
    .returning({ id: users.id });
  return rows.length > 0;
}

/** Turns the second factor off: the flag, the secret and the recovery codes go together. */
export async function removeTwoFactor(db: Queryable, userId: string): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ twoFactorEnabledAt: null })
    .where(and(eq(users.id, userId), sql`${users.twoFactorEnabledAt} IS NOT NULL`))
    .returning({ id: users.id });
  await db.delete(userTotp).where(eq(userTotp.userId, userId));
  await db.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
  return rows.length > 0;
}

export async function replaceRecoveryCodes(db: Queryable, userId: string, codeHashes: string[]) {
  await db.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
  await db.insert(totpRecoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
}

/** Uses a recovery code once: false when there is no such unused code. */
export async function spendRecoveryCode(db: Queryable, userId: string, codeHash: string): Promise<boolean> {
  const rows = await db
    .update(totpRecoveryCodes)
    .set({ usedAt: sql`now()` })
    .where(
      and(
        eq(totpRecoveryCodes.userId, userId),
        eq(totpRecoveryCodes.codeHash, codeHash),
        isNull(totpRecoveryCodes.usedAt),
      ),
    )
    .returning({ id: totpRecoveryCodes.id });
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(db: Queryable, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(totpRecoveryCodes)
    .where(and(eq(totpRecoveryCodes.userId, userId), isNull(totpRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export async function insertLoginChallenge(
  db: Queryable,
  values: { tokenHash: string; userId: string; expiresAt: Date },
) {
  await db.insert(loginChallenges).values(values);
}

/** The account of a challenge that is neither used nor expired. */
export async function findOpenChallenge(db: Queryable, tokenHash: string, now: Date) {
  const [row] = await db
    .select({ id: loginChallenges.id, userId: loginChallenges.userId })
    .from(loginChallenges)
    .where(
      and(eq(loginChallenges.tokenHash, tokenHash), isNull(loginChallenges.usedAt), gt(loginChallenges.expiresAt, now)),
    );
  return row;
}

/** Uses the challenge once: false when another request used it first (or it expired meanwhile). */
export async function closeChallenge(db: Queryable, id: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(loginChallenges)
    .set({ usedAt: now })
    .where(and(eq(loginChallenges.id, id), isNull(loginChallenges.usedAt), gt(loginChallenges.expiresAt, now)))
    .returning({ id: loginChallenges.id });
  return rows.length > 0;
}

/** Challenges past their time are of no use to anyone; each new one sweeps its account's old ones. */
export async function dropOldChallenges(db: Queryable, userId: string, now: Date) {
  await db
    .delete(loginChallenges)
    .where(
      and(
        eq(loginChallenges.userId, userId),
        or(lt(loginChallenges.expiresAt, now), sql`${loginChallenges.usedAt} IS NOT NULL`),
      ),
    );
}

export async function findPasswordHash(db: Queryable, userId: string) {
  const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId));
  return row?.passwordHash;
}
