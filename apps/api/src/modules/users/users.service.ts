import type { Role } from '@shop/contract/constants';
import type { EditProfileRequest, User } from '@shop/contract/users';
import type { Queryable, Transaction } from '../../db/client';
import type { SessionUser } from '../../platform/auth-guard';
import type { ServiceContext } from '../../platform/context';
import { forbidden, invalid, notFound, unauthorised } from '../../platform/errors';
import { auditActorOf, recordAudit } from '../audit/audit.service';
import { toUserDto } from './users.dto';
import {
  deleteUserById,
  findUserByEmail,
  findUserById,
  insertUser,
  listUsersNewestFirst,
  lockAdminIds,
  lockUserRole,
  updateUserProfile,
  updateUserRole,
} from './users.queries';

function actorOf(ctx: ServiceContext): SessionUser {
  if (!ctx.actor) throw unauthorised();
  return ctx.actor;
}

export async function listUsers(ctx: ServiceContext): Promise<User[]> {
  const rows = await listUsersNewestFirst(ctx.db);
  return rows.map(toUserDto);
}

/**
 * Runs an admin's change to another account while every admin row is locked, and only if the
 * actor is still an admin then: two admins removing each other at the same moment cannot leave
 * the shop without one.
 */
async function asStillAdmin<T>(ctx: ServiceContext, change: (tx: Transaction) => Promise<T>): Promise<T> {
  const actor = actorOf(ctx);
  return ctx.db.transaction(async (tx) => {
    const admins = await lockAdminIds(tx);
    if (!admins.includes(actor.id)) throw forbidden('Only an admin can do that');
    return change(tx);
  });
}

export async function changeRole(ctx: ServiceContext, userId: string, role: Role): Promise<User> {
  if (userId === actorOf(ctx).id && role !== 'admin') {
    throw invalid('You cannot remove your own admin role; ask another admin to do it');
  }
  const actor = auditActorOf(ctx);
  return asStillAdmin(ctx, async (tx) => {
    const before = await lockUserRole(tx, userId);
    const row = before && (await updateUserRole(tx, userId, role));
    if (!row) throw notFound('User not found');
    if (before.role !== row.role) {
      await recordAudit(tx, actor, {
        kind: 'user.role_changed',
        target: { type: 'user', id: row.id, label: row.email },
        details: { changes: { role: { before: before.role, after: row.role } } },
      });
    }
    return toUserDto(row);
  });
}

/** The user's orders and reviews stay (their user id becomes null); their sessions end with them. */
export async function deleteUser(ctx: ServiceContext, userId: string): Promise<void> {
  if (userId === actorOf(ctx).id) throw invalid('You cannot delete your own account');
  const actor = auditActorOf(ctx);
  await asStillAdmin(ctx, async (tx) => {
    const deleted = await deleteUserById(tx, userId);
    if (!deleted) throw notFound('User not found');
    await recordAudit(tx, actor, {
      kind: 'user.deleted',
      target: { type: 'user', id: deleted.id, label: deleted.email },
      details: { role: deleted.role },
    });
  });
}

/** Identity comes from the session: a `userId` in the body may only repeat it. */
export async function editProfile(ctx: ServiceContext, input: EditProfileRequest): Promise<User> {
  const actor = actorOf(ctx);
  if (input.userId !== undefined && input.userId !== actor.id) {
    throw forbidden('You can only edit your own profile');
  }
  const row = await updateUserProfile(ctx.db, actor.id, input);
  if (!row) throw notFound('User not found');
  return toUserDto(row);
}

/** The account behind an email address, in any case, with its password hash: for signing in and resets. */
export function accountByEmail(db: Queryable, email: string) {
  return findUserByEmail(db, email);
}

/** The account with this id, with its password hash: for the second step of a sign-in. */
export function accountById(db: Queryable, id: string) {
  return findUserById(db, id);
}

/** A new customer account, its password already hashed by whoever registers it. */
export function addAccount(db: Queryable, values: { username: string; email: string; passwordHash: string }) {
  return insertUser(db, values);
}
