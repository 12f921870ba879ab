import type { Middleware } from 'redux';
import { describe, expect, it } from 'vitest';
import { createStoreRegistry, type LateStatePart } from './store-registry';

const part = (reducerPath: string): LateStatePart => ({
  reducerPath,
  reducer: (state = null) => state,
  middleware: (() => (next) => next) as Middleware,
});

describe('the store registry', () => {
  it('joins a part offered before the store is registered once it is, and a later one at once', () => {
    const { joinStore, registerStore } = createStoreRegistry();
    const joined: string[] = [];
    const early = part('early');
    joinStore(early);
    expect(joined).toEqual([]);

    registerStore({ join: (p) => joined.push(p.reducerPath) });
    expect(joined).toEqual(['early']);

    joinStore(part('late'));
    expect(joined).toEqual(['early', 'late']);
  });
});
