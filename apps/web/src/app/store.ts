import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { authReducer } from '../features/auth/auth.slice';
import { loadUser, saveUser } from '../features/auth/auth.storage';
import { cartReducer } from '../features/cart/cart.slice';
import { loadCart, saveCart } from '../features/cart/cart.storage';
import { baseApi } from './base-api';

const rootReducer = combineReducers({
  auth: authReducer,
  cart: cartReducer,
  [baseApi.reducerPath]: baseApi.reducer,
});

export type RootState = ReturnType<typeof rootReducer>;

function browserStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    // Some privacy settings throw on merely touching localStorage.
    return undefined;
  }
}

export function createStore(storage: Storage | undefined = browserStorage()) {
  const store = configureStore({
    reducer: rootReducer,
    middleware: (getDefault) => getDefault().concat(baseApi.middleware),
    preloadedState: { auth: { user: loadUser(storage) }, cart: loadCart(storage) },
  });

  // Writes only when the persisted part changed: RTK Query updates the store far more often.
  let { auth, cart } = store.getState();
  store.subscribe(() => {
    const state = store.getState();
    if (state.auth.user !== auth.user) saveUser(storage, state.auth.user);
    if (state.cart !== cart) saveCart(storage, state.cart);
    ({ auth, cart } = state);
  });
  return store;
}

export type AppStore = ReturnType<typeof createStore>;
export type AppDispatch = AppStore['dispatch'];
