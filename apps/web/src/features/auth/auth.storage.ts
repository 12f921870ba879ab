import { ROLES } from '@shop/contract/constants';
import type { User } from '@shop/contract/users';

/** The logged-in user lives in local storage under this key, so a reload keeps the shopper logged in. */
export const USER_STORAGE_KEY = 'user';

type ReadableStorage = Pick<Storage, 'getItem'>;
type WritableStorage = Pick<Storage, 'setItem' | 'removeItem'>;

function isUser(value: unknown): value is User {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v._id === 'string' &&
    typeof v.username === 'string' &&
    typeof v.email === 'string' &&
    ROLES.includes(v.role as User['role'])
  );
}

/** Missing means logged out; unreadable means logged out too, and the error is logged. */
export function loadUser(storage: ReadableStorage | undefined): User | null {
  try {
    const raw = storage?.getItem(USER_STORAGE_KEY);
    if (raw == null) return null;
    const parsed: unknown = JSON.parse(raw);
    if (!isUser(parsed)) throw new Error('The stored user is not a user');
    return parsed;
  } catch (error) {
    console.error('Could not read the logged-in user from local storage', error);
    return null;
  }
}

export function saveUser(storage: WritableStorage | undefined, user: User | null): void {
  try {
    if (user) storage?.setItem(USER_STORAGE_KEY, JSON.stringify(user));
    else storage?.removeItem(USER_STORAGE_KEY);
  } catch (error) {
    // Private browsing or a full quota: the session cookie still works, only a reload forgets the user.
    console.error('Could not save the logged-in user to local storage', error);
  }
}
