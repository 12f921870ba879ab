import { useEffect, useRef } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import type { LoginLocationState } from '../../features/auth/login-page';
import { type AlertOptions, showAlert } from '../../ui/alerts';

/**
 * Shows the guard's alert once and sends the visitor to /login, which brings them back to the page they
 * asked for once they are in. The alert is not awaited: it stays open over the login page, where the
 * visitor can act on it.
 */
export function useRefuseAccess(alert: AlertOptions | null): void {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const refused = useRef(false);
  useEffect(() => {
    // StrictMode runs effects twice on mount; the ref survives that, so the alert shows once.
    if (!alert || refused.current) return;
    refused.current = true;
    void showAlert(alert);
    const state: LoginLocationState = { returnTo: `${pathname}${search}` };
    navigate(paths.login.href(), { replace: true, state });
  }, [alert, navigate, pathname, search]);
}
