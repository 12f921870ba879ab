import type { User } from '@shop/contract/users';
import { actionCreator } from './actions';

/*
 * The signed-in user's two events. The auth slice keeps the user from them; they live here because
 * features besides sign-in report a change of user too (the profile form after a save).
 */
export const setUser = actionCreator<User>('auth/setUser');
export const logout = actionCreator('auth/logout');
