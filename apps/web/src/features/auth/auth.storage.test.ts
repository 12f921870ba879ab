import { afterEach, describe, expect, it, vi } from 'vitest';
import { customer as user } from '../../test/customer';
import { memoryStorage } from '../../test/memory-storage';
import { loadUser, saveUser, USER_STORAGE_KEY } from './auth.storage';

afterEach(() => vi.restoreAllMocks());

describe('auth persistence under the local-storage key "user"', () => {
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
