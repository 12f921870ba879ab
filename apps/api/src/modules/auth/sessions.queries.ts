import { and, eq, gt, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { sessions, users } from '../../db/schema';

export async function insertSession(db: Queryable, values: { tokenHash: string; userId: string; expiresAt: Date }) {
  await db.insert(sessions).values(values);
}

// Every signed-in request asks this first.
const sessionUserStatement = preparedPerDatabase((db) =>
  db
    .select({ user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.tokenHash, sql.placeholder('tokenHash')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('session_user'),
);

export async function findSessionUser(db: Queryable, tokenHash: string, now: Date) {
  const rows = await sessionUserStatement(db).execute({ tokenHash, now });
  return rows[0]?.user;
}

export async function deleteSession(db: Queryable, tokenHash: string) {
  await db.delete(sessions).where(eq(sessions.tokenHash, tokenHash));
}

export async function deleteSessionsOfUser(db: Queryable, userId: string) {
  await db.delete(sessions).where(eq(sessions.userId, userId));
}
