import { PASSWORD_MIN_LENGTH } from '@shop/contract/constants';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { apiErrorMessage } from '../../lib/api-error';
import { useAppDispatch } from '../../lib/hooks';
import { logout } from '../../lib/session-actions';
import { Button } from '../../ui/button';
import { usePageMeta } from '../../ui/use-page-meta';
import { useResetPasswordMutation } from './auth.api';
import { AuthLayout } from './auth-layout';
import type { LoginLocationState } from './login-page';

/** The mailed link's page: a new password for the account the link was made for. */
export function ResetPasswordPage() {
  usePageMeta('Set a new password', 'Choose a new password for your Lebaba account.');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (password !== confirmation) {
      setError('The two passwords are not the same.');
      return;
    }
    setError(null);
    try {
      const { message } = await resetPassword({ token, password }).unwrap();
      // Every session of the account ended on the server, this browser's too.
      dispatch(logout());
      const state: LoginLocationState = { notice: message };
      navigate(paths.login.href(), { state });
    } catch (err) {
      setError(apiErrorMessage(err) ?? 'The password could not be changed. Please try again.');
    }
  }

  if (!token) {
    return (
      <AuthLayout title="This link is incomplete" intro="Open the link from the e-mail again, or ask for a new one.">
        <Link to={paths.forgotPassword.href()} className="font-medium text-clay underline underline-offset-4">
          Ask for a new link
        </Link>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Set a new password" intro="Your other sessions end when the new password is set.">
      <form onSubmit={onSubmit} className="space-y-5">
        <div>
          <label htmlFor="reset-password" className="field-label">
            New password
          </label>
          <input
            id="reset-password"
            type="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            aria-describedby="reset-password-hint"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            className="field"
          />
          <p id="reset-password-hint" className="mt-1.5 text-xs text-muted">
            At least {PASSWORD_MIN_LENGTH} characters.
          </p>
        </div>
        <div>
          <label htmlFor="reset-password-again" className="field-label">
            New password again
          </label>
          <input
            id="reset-password-again"
            type="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            value={confirmation}
            onChange={(e) => setConfirmation(e.target.value)}
            className="field"
          />
        </div>
        {error && (
          <div role="alert" className="space-y-1 text-sm text-red-700">
            <p>{error}</p>
            <Link to={paths.forgotPassword.href()} className="font-medium underline underline-offset-4">
              Ask for a new link
            </Link>
          </div>
        )}
        <Button type="submit" busy={isLoading} className="w-full">
          Set new password
        </Button>
      </form>
    </AuthLayout>
  );
}
