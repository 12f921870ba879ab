import type { User } from '@shop/contract/users';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createStore } from '../../app/store';
import { logout, setUser } from './auth.slice';
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

/** An in-memory Storage, as the browser's localStorage behaves. */
function memoryStorage(initial: Record<string, string> = {}): Storage {
  const data = new Map(Object.entries(initial));
  return {
    get length() {
      return data.size;
    },
    clear: () => data.clear(),
    getItem: (key) => data.get(key) ?? null,
    key: (i) => [...data.keys()][i] ?? null,
    removeItem: (key) => void data.delete(key),
    setItem: (key, value) => void data.set(key, String(value)),
  };
}

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

  it('the store loads the user on start and keeps storage in step with login and logout', () => {
    const storage = memoryStorage({ [USER_STORAGE_KEY]: JSON.stringify(user) });
    const store = createStore(storage);
    expect(store.getState().auth.user).toEqual(user);

    store.dispatch(logout());
    expect(store.getState().auth.user).toBeNull();
    expect(storage.getItem(USER_STORAGE_KEY)).toBeNull();

    const admin = { ...user, role: 'admin' as const };
    store.dispatch(setUser(admin));
    expect(JSON.parse(storage.getItem(USER_STORAGE_KEY) ?? 'null')).toEqual(admin);
    // Only the user is stored: never the session token.
    expect(storage.getItem(USER_STORAGE_KEY)).not.toMatch(/token/i);
  });

  it('the store keeps the cart across a reload', () => {
    const storage = memoryStorage();
    const first = createStore(storage);
    first.dispatch({ type: 'cart/addToCart', payload: { _id: 'a', name: 'A', price: 10.1, image: '' } });
    const second = createStore(storage);
    expect(second.getState().cart).toMatchObject({ selectedItems: 1, totalPrice: 10.1, tax: 0.51, grandTotal: 10.61 });
  });
});
