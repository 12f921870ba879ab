import type { Middleware, UnknownAction } from 'redux';
import { describe, expect, it } from 'vitest';
import { USER_STORAGE_KEY } from '../features/auth/auth.storage';
import { addToCart } from '../features/cart/cart.slice';
import { guestListJoined, savedByGuest } from '../features/wishlist/wishlist.slice';
import { logout, setUser } from '../lib/session-actions';
import { customer as user } from '../test/customer';
import { memoryStorage } from '../test/memory-storage';
import { asRenderedForAnyone, createStore } from './store';

/** A stand-in for RTK Query's part: a reducer with an initial state and a middleware that sees actions. */
function latePart() {
  const seen: string[] = [];
  let setUps = 0;
  const middleware: Middleware = () => {
    setUps++;
    return (next) => (action) => {
      seen.push((action as UnknownAction).type);
      return next(action);
    };
  };
  const reducer = (state: { hits: number } = { hits: 0 }, action: UnknownAction) =>
    action.type === 'late/hit' ? { hits: state.hits + 1 } : state;
  return { part: { reducerPath: 'late', reducer, middleware }, seen, setUps: () => setUps };
}

describe('the store', () => {
  it('takes a part whose code loads later: its state exists at once and its middleware sees what follows', () => {
    const store = createStore(undefined);
    const { part, seen, setUps } = latePart();
    store.join(part);
    expect((store.getState() as unknown as Record<string, unknown>).late).toEqual({ hits: 0 });

    store.dispatch({ type: 'late/hit' });
    store.dispatch(addToCart({ _id: 'scarf', name: 'Scarf', price: 10, image: '' }));
    expect((store.getState() as unknown as Record<string, unknown>).late).toEqual({ hits: 1 });
    expect(seen).toEqual(['late/hit', 'cart/addToCart']);
    // The parts that were there before keep working, and the middleware was set up once.
    expect(store.getState().cart.selectedItems).toBe(1);
    expect(setUps()).toBe(1);
  });

  it('joins a part once however often it is offered', () => {
    const store = createStore(undefined);
    const { part, seen, setUps } = latePart();
    store.join(part);
    store.join(part);
    store.dispatch({ type: 'late/hit' });
    expect(seen).toEqual(['late/hit']);
    expect(setUps()).toBe(1);
  });
});

describe("the store keeps the logged-in user and the cart in this browser's storage", () => {
  it('loads the user on start and keeps storage in step with login and logout', () => {
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

  it('keeps the cart across a reload', () => {
    const storage = memoryStorage();
    const first = createStore(storage);
    first.dispatch({ type: 'cart/addToCart', payload: { _id: 'a', name: 'A', price: 10.1, image: '' } });
    const second = createStore(storage);
    expect(second.getState().cart).toMatchObject({ selectedItems: 1, totalPrice: 10.1, tax: 0.51, grandTotal: 10.61 });
  });

  it("keeps a guest's wishlist across a reload, renders it for nobody, and drops it once it joined an account", () => {
    const storage = memoryStorage();
    const scarf = { productId: '0b9d7f43-1e2a-4a6c-8d5e-7f6a5b4c3d2e', colour: null, size: null };
    createStore(storage).dispatch(savedByGuest(scarf));
    const again = createStore(storage);
    expect(again.getState().wishlist.guest).toEqual([scarf]);
    expect(asRenderedForAnyone(again.getState()).wishlist).toEqual({ guest: [], account: null });
    again.dispatch(guestListJoined());
    expect(createStore(storage).getState().wishlist.guest).toEqual([]);
  });
});
