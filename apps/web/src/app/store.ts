import {
  applyMiddleware,
  combineReducers,
  compose,
  legacy_createStore,
  type Middleware,
  type Reducer,
  type StoreEnhancer,
  type UnknownAction,
} from 'redux';
import { type ThunkDispatch, withExtraArgument } from 'redux-thunk';
import { authSlice } from '../features/auth/auth.slice';
import { loadUser, saveUser } from '../features/auth/auth.storage';
import { cartSlice } from '../features/cart/cart.slice';
import { loadCart, saveCart } from '../features/cart/cart.storage';
import { emptyWishlist, wishlistSlice } from '../features/wishlist/wishlist.slice';
import { loadGuestWishlist, saveGuestWishlist } from '../features/wishlist/wishlist.storage';
import type { LateStatePart } from '../lib/store-registry';

/**
 * The cart and the user are in every page's first script; the API cache (RTK Query, with Redux
 * Toolkit, Immer and Reselect: about 25 KB) joins with the first screen that fetches (`join`), so
 * the home page is on screen and working without it (docs/decisions/006). The store is Redux's own
 * with the thunk middleware, which is what RTK's configureStore makes in production.
 */
const BASE_REDUCERS = {
  [authSlice.reducerPath]: authSlice.reducer,
  [cartSlice.reducerPath]: cartSlice.reducer,
  [wishlistSlice.reducerPath]: wishlistSlice.reducer,
};
const baseReducer = combineReducers(BASE_REDUCERS);

type RootState = ReturnType<typeof baseReducer>;

/** Middleware that can be added after the store is made, each set up once for it. */
function lateMiddleware() {
  const added: Middleware[] = [];
  const middleware: Middleware = (api) => {
    const setUp = new Map<Middleware, ReturnType<Middleware>>();
    return (next) => {
      let chainOf = -1;
      let chain = next;
      return (action) => {
        if (chainOf !== added.length) {
          chain = added.reduceRight((rest, mw) => {
            const ready = setUp.get(mw) ?? mw(api);
            setUp.set(mw, ready);
            return ready(rest);
          }, next);
          chainOf = added.length;
        }
        return chain(action);
      };
    };
  };
  return { middleware, add: (mw: Middleware) => added.push(mw) };
}

function browserStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    // Some privacy settings throw on merely touching localStorage.
    return undefined;
  }
}

declare global {
  interface Window {
    __REDUX_DEVTOOLS_EXTENSION_COMPOSE__?: typeof compose;
  }
}

/**
 * @param extra what thunks (and so the API's queries) are given: on the server, how to answer the API in
 * process (entry-server.tsx).
 */
export function createStore(storage: Storage | undefined = browserStorage(), extra?: unknown) {
  const late = lateMiddleware();
  const composeEnhancers = (import.meta.env?.DEV && globalThis.window?.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__) || compose;
  const enhancer: StoreEnhancer<{ dispatch: ThunkDispatch<RootState, unknown, UnknownAction> }> = composeEnhancers(
    applyMiddleware(withExtraArgument(extra), late.middleware),
  );
  const store = legacy_createStore(
    baseReducer,
    {
      auth: { user: loadUser(storage) },
      cart: loadCart(storage),
      wishlist: { ...emptyWishlist, guest: loadGuestWishlist(storage) },
    },
    enhancer,
  );

  // Writes only when the persisted part changed: RTK Query updates the store far more often.
  let { auth, cart, wishlist } = store.getState();
  store.subscribe(() => {
    const state = store.getState();
    if (state.auth.user !== auth.user) saveUser(storage, state.auth.user);
    if (state.cart !== cart) saveCart(storage, state.cart);
    if (state.wishlist.guest !== wishlist.guest) saveGuestWishlist(storage, state.wishlist.guest);
    ({ auth, cart, wishlist } = state);
  });

  const reducers: Record<string, Reducer> = { ...BASE_REDUCERS };
  /** Adds a part of the state whose code just loaded; replacing the reducer creates its initial state. */
  const join = (part: LateStatePart) => {
    if (reducers[part.reducerPath]) return;
    reducers[part.reducerPath] = part.reducer;
    late.add(part.middleware);
    store.replaceReducer(combineReducers(reducers) as unknown as typeof baseReducer);
  };
  return Object.assign(store, { join });
}

export type AppStore = ReturnType<typeof createStore>;

/**
 * A state as the server renders a page from it, for no one in particular: nobody logged in, an empty
 * cart and wishlist. The browser hydrates a server-rendered page from this (react-redux's `serverState`),
 * then shows its own shopper, cart and saved products.
 */
export function asRenderedForAnyone<State extends RootState>(state: State): State {
  return { ...state, auth: { user: null }, cart: loadCart(undefined), wishlist: emptyWishlist };
}
