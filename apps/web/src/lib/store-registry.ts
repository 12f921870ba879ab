import type { Middleware, Reducer } from 'redux';

/** A part of the state whose code loads after the store is made: its reducer and its middleware. */
export interface LateStatePart {
  reducerPath: string;
  reducer: Reducer;
  middleware: Middleware;
}

type Join = (part: LateStatePart) => void;

/**
 * Where the app registers its store when it makes it. The API client (base-api.ts) asks for its part
 * through `joinStore` instead of importing the store: the store lives in app/, which composes the
 * features, and a module beneath the features must not import it back.
 */
export function createStoreRegistry() {
  let join: Join | undefined;
  const waiting: LateStatePart[] = [];
  return {
    registerStore(store: { join: Join }): void {
      join = store.join;
      for (const part of waiting.splice(0)) join(part);
    },
    /** Adds `part` to the app's store now, or as soon as the app registers it. */
    joinStore(part: LateStatePart): void {
      if (join) join(part);
      else waiting.push(part);
    },
  };
}

/** The web app's one registry. */
export const { registerStore, joinStore } = createStoreRegistry();
