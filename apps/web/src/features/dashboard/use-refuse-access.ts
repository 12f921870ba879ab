import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { type AlertOptions, showAlert } from '../../ui/alerts';

/**
 * Shows the guard's alert once and sends the visitor to /login. The alert is not awaited: it stays
 * open over the login page, where the visitor can act on it.
 */
export function useRefuseAccess(alert: AlertOptions | null): void {
  const navigate = useNavigate();
  const refused = useRef(false);
  useEffect(() => {
    // StrictMode runs effects twice on mount; the ref survives that, so the alert shows once.
    if (!alert || refused.current) return;
    refused.current = true;
    void showAlert(alert);
    navigate(paths.login.href(), { replace: true });
  }, [alert, navigate]);
}
