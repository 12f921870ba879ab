import type { User } from '@shop/contract/users';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../test/memory-storage';
import { loadUser, saveUser, USER_STORAGE_KEY } from './auth.storage';

const user: User = {
  _id: '0b5c3f8e-8d47-4a53-9a7e-0d6b8f6a1e11',
  username: 'ada',
  email: 'ada@example.com',
  role: 'user',
  bio: '',
  profileImage: '',
  profession: '',
  createdAt: '2025-01-01T00:00:00.000Z',
};

afterEach(() => vi.restoreAllMocks());

describe('auth persistence under the local-storage key "user" (SPEC.md 3 and 4)', () => {
  it('reads the stored user', () => {
    expect(loadUser(memoryStorage({ user: JSON.stringify(user) }))).toEqual(user);
  });

  it('is logged out, quietly, when nothing is stored', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(loadUser(memoryStorage())).toBeNull();
    expect(loadUser(undefined)).toBeNull();
    expect(error).not.toHaveBeenCalled();
  });

  it.each([
    ['not JSON', '{oops'],
    ['not a user', JSON.stringify({ name: 'ada' })],
    ['an unknown role', JSON.stringify({ ...user, role: 'owner' })],
    ['null as JSON', 'null'],
  ])('is logged out and logs the error when the entry is %s', (_case, raw) => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(loadUser(memoryStorage({ [USER_STORAGE_KEY]: raw }))).toBeNull();
    expect(error).toHaveBeenCalledOnce();
  });

  it('is logged out and logs the error when storage itself throws', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const storage = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError');
      },
    };
    expect(loadUser(storage)).toBeNull();
    expect(error).toHaveBeenCalledOnce();
  });

  it('writes the user, and removes the entry on logout', () => {
    const storage = memoryStorage();
    saveUser(storage, user);
    expect(JSON.parse(storage.getItem(USER_STORAGE_KEY) ?? 'null')).toEqual(user);
    saveUser(storage, null);
    expect(storage.getItem(USER_STORAGE_KEY)).toBeNull();
  });
});
