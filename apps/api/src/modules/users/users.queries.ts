import type { Role } from '@shop/contract/constants';
import { desc, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { users } from '../../db/schema';

export async function insertUser(db: Queryable, values: { username: string; email: string; passwordHash: string }) {
  const [row] = await db.insert(users).values(values).returning();
  if (!row) throw new Error('insert into users returned no row');
  return row;
}

/** By e-mail as the unique index sees it (lower-cased), so the index serves the lookup. */
export async function findUserByEmail(db: Queryable, email: string) {
  const rows = await db.select().from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`).limit(1);
  return rows[0];
}

export async function findUserById(db: Queryable, id: string) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

export function listUsersNewestFirst(db: Queryable) {
  return db.select().from(users).orderBy(desc(users.createdAt), desc(users.id));
}

/** Locks every admin row until the transaction ends, so two admins cannot remove each other at once. */
export async function lockAdminIds(db: Queryable): Promise<string[]> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).for('update');
  return rows.map((r) => r.id);
}

/** The user's role, their row locked until the transaction ends. */
export async function lockUserRole(db: Queryable, id: string) {
  const [row] = await db.select({ role: users.role }).from(users).where(eq(users.id, id)).for('update');
  return row;
}

export async function updateUserRole(db: Queryable, id: string, role: Role) {
  const [row] = await db.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, id)).returning();
  return row;
}

export async function updateUserProfile(
  db: Queryable,
  id: string,
  values: {
    username: string;
    profileImage?: string | undefined;
    profession?: string | undefined;
    bio?: string | undefined;
  },
) {
  // Drizzle leaves a column whose value is undefined as it was.
  const [row] = await db
    .update(users)
    .set({
      username: values.username,
      profileImage: values.profileImage,
      profession: values.profession,
      bio: values.bio,
      updatedAt: new Date(),
    })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** The deleted user's id, e-mail and role (for the audit log), or undefined when there was none. */
export async function deleteUserById(db: Queryable, id: string) {
  const [row] = await db
    .delete(users)
    .where(eq(users.id, id))
    .returning({ id: users.id, email: users.email, role: users.role });
  return row;
}
