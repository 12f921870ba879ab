import { createHash, randomBytes } from 'node:crypto';
import type { Queryable } from '../../db/client';
import type { SessionUser } from '../../platform/auth-guard';
import { deleteSession, findSessionUser, insertSession } from './sessions.queries';

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** Opens a session and returns its token; only the token's hash is stored. */
export async function openSession(
  db: Queryable,
  userId: string,
  ttlDays: number,
): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + ttlDays * 24 * 60 * 60 * 1000);
  await insertSession(db, { tokenHash: hashToken(token), userId, expiresAt });
  return { token, expiresAt };
}

export async function userOfSession(db: Queryable, token: string): Promise<SessionUser | null> {
  // Tokens are 43 base64url characters; anything else cannot be a session.
  if (!/^[A-Za-z0-9_-]{20,100}$/.test(token)) return null;
  const row = await findSessionUser(db, hashToken(token), new Date());
  if (!row) return null;
  const { passwordHash: _hash, ...user } = row;
  return user;
}

export async function closeSession(db: Queryable, token: string): Promise<void> {
  await deleteSession(db, hashToken(token));
}
