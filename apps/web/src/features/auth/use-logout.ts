import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { baseApi } from '../../lib/base-api';
import { useAppDispatch } from '../../lib/hooks';
import { logout } from '../../lib/session-actions';
import { confirmAction, showAlert } from '../../ui/alerts';
import { useLogoutMutation } from './auth.api';

/** Logout: confirm, call the server, clear the local user, go home. */
export function useLogout() {
  const [logoutCall] = useLogoutMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  return useCallback(async () => {
    const confirmed = await confirmAction({
      title: 'Log out?',
      text: 'Your cart stays saved on this device.',
      icon: 'question',
      confirmButtonText: 'Logout',
    });
    if (!confirmed) return;
    try {
      await logoutCall().unwrap();
    } catch {
      await showAlert({ title: 'Error', text: 'Logout failed! Try again.', icon: 'error' });
      return;
    }
    dispatch(logout());
    // The next user of this browser must not see the previous one's cached orders or stats.
    dispatch(baseApi.util.resetApiState());
    navigate(paths.home.href());
  }, [logoutCall, dispatch, navigate]);
}
