import { PAGE_META } from '@shop/contract/seo';
import { type FormEvent, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { apiErrorMessage } from '../../lib/api-error';
import { baseApi } from '../../lib/base-api';
import { useAppDispatch } from '../../lib/hooks';
import { showAlert } from '../../ui/alerts';
import { Button } from '../../ui/button';
import { usePageMeta } from '../../ui/use-page-meta';
import { useLoginMutation } from './auth.api';
import { setUser } from './auth.slice';
import { AuthLayout } from './auth-layout';

export interface LoginLocationState {
  /** Why the shopper was sent here, shown above the form. */
  notice?: string;
  /** The page that asked for a login (an order, say); without one, login goes home (SPEC.md 4). */
  returnTo?: string;
}

export function LoginPage() {
  usePageMeta(PAGE_META.login.title, PAGE_META.login.description);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [login, { isLoading }] = useLoginMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const state = useLocation().state as LoginLocationState | null;
  const notice = state?.notice;
  // Only a path of this shop ("//host" would be another site).
  const returnTo =
    state?.returnTo?.startsWith('/') && !state.returnTo.startsWith('//') ? state.returnTo : paths.home.href();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    try {
      // The session is the httpOnly cookie the server sets; the token in the answer is not kept.
      const { user } = await login({ email, password }).unwrap();
      dispatch(baseApi.util.resetApiState());
      dispatch(setUser(user));
      navigate(returnTo);
    } catch (error) {
      await showAlert({
        title: 'Login Failed',
        text: apiErrorMessage(error) ?? 'Invalid credentials',
        icon: 'error',
        confirmButtonText: 'Try Again',
      });
    }
  }

  return (
    <AuthLayout title="Welcome back" intro="Log in to check out, follow your orders and write reviews.">
      {notice && (
        <p role="status" className="mb-6 rounded-xl bg-clay-soft px-4 py-3 text-sm text-clay-dark">
          {notice}
        </p>
      )}
      <form onSubmit={onSubmit} className="space-y-5">
        <div>
          <label htmlFor="login-email" className="field-label">
            Email
          </label>
          <input
            id="login-email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className="field"
          />
        </div>
        <div>
          <div className="flex items-baseline justify-between gap-4">
            <label htmlFor="login-password" className="field-label">
              Password
            </label>
            <Link
              to={paths.forgotPassword.href()}
              className="text-sm font-medium text-clay underline underline-offset-4"
            >
              Forgot password?
            </Link>
          </div>
          <input
            id="login-password"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            className="field"
          />
        </div>
        <Button type="submit" busy={isLoading} className="w-full">
          Login
        </Button>
      </form>
      <p className="mt-8 text-center text-sm text-muted">
        Don't have an account?{' '}
        <Link to={paths.register.href()} className="font-medium text-clay underline underline-offset-4">
          Register here
        </Link>
      </p>
    </AuthLayout>
  );
}
