import { useEffect } from 'react';
import { apiErrorStatus } from '../../lib/api-error';
import { baseApi } from '../../lib/base-api';
import { useAppDispatch } from '../../lib/hooks';
import { logout, setUser } from '../../lib/session-actions';
import { useGetMeQuery } from './auth.api';
import { useCurrentUser } from './use-current-user';

/**
 * The stored user is only a hint: when the server says the session has ended (expired, logged out
 * elsewhere, account deleted), the app logs out too; when the role or the e-mail's confirmation changed,
 * it follows.
 */
export function useSessionCheck(): void {
  const user = useCurrentUser();
  const dispatch = useAppDispatch();
  const { data, error } = useGetMeQuery(undefined, { skip: !user });

  useEffect(() => {
    if (!user) return;
    if (apiErrorStatus(error) === 401) {
      dispatch(logout());
      dispatch(baseApi.util.resetApiState());
    } else if (
      data &&
      (data.user._id !== user._id || data.user.role !== user.role || data.user.emailConfirmed !== user.emailConfirmed)
    ) {
      dispatch(setUser(data.user));
    }
  }, [data, error, user, dispatch]);
}
