import type { User } from '@shop/contract/users';
import type { UnknownAction } from 'redux';
import { logout, setUser } from '../../lib/session-actions';

export interface AuthState {
  user: User | null;
}

const initialState: AuthState = { user: null };

/** A plain reducer, as the cart slice is (docs/decisions/006). */
function authReducer(state: AuthState = initialState, action: UnknownAction): AuthState {
  if (setUser.match(action)) return { user: action.payload };
  if (logout.match(action)) return state.user ? { user: null } : state;
  return state;
}

export const authSlice = { reducerPath: 'auth', reducer: authReducer } as const;

/** The store's state as this feature reads it: typed by the slice, not by the whole state that app/ composes. */
export type StateWithAuth = { [authSlice.reducerPath]: AuthState };
