import type { User } from '@shop/contract/users';
import type { SessionUser } from '../../platform/auth-guard';

/** The user as clients see it; listed field by field so the password hash can never slip out. */
export function toUserDto(row: SessionUser): User {
  return {
    _id: row.id,
    username: row.username,
    email: row.email,
    role: row.role,
    bio: row.bio,
    profileImage: row.profileImage,
    profession: row.profession,
    createdAt: row.createdAt.toISOString(),
    emailConfirmed: row.emailConfirmedAt !== null,
  };
}
