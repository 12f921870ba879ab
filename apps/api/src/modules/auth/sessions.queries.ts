import { and, eq, gt } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { sessions, users } from '../../db/schema';

export async function insertSession(db: Queryable, values: { tokenHash: string; userId: string; expiresAt: Date }) {
  await db.insert(sessions).values(values);
}

export async function findSessionUser(db: Queryable, tokenHash: string, now: Date) {
  const rows = await db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, tokenHash), gt(sessions.expiresAt, now)))
    .limit(1);
  return rows[0]?.user;
}

export async function deleteSession(db: Queryable, tokenHash: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteSessionsOfUser(db: Queryable, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
