import { PASSWORD_MIN_LENGTH } from '@shop/contract/constants';
import { PAGE_META } from '@shop/contract/seo';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { apiErrorMessage } from '../../lib/api-error';
import { showAlert } from '../../ui/alerts';
import { Button } from '../../ui/button';
import { usePageMeta } from '../../ui/use-page-meta';
import { useRegisterMutation } from './auth.api';
import { AuthLayout } from './auth-layout';
import type { LoginLocationState } from './login-page';

export function RegisterPage() {
  usePageMeta(PAGE_META.register.title, PAGE_META.register.description);
  const [username, setUsername] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [register, { isLoading }] = useRegisterMutation();
  const navigate = useNavigate();

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    try {
      await register({ username, email, password }).unwrap();
      const state: LoginLocationState = { notice: 'Your account is ready. Please log in.' };
      navigate(paths.login.href(), { state });
    } catch (error) {
      await showAlert({
        title: 'Registration Failed',
        text: apiErrorMessage(error) ?? 'Something went wrong!',
        icon: 'error',
      });
    }
  }

  return (
    <AuthLayout title="Create an account" intro="Save your details for a faster checkout and follow every order.">
      <form onSubmit={onSubmit} className="space-y-5">
        <div>
          <label htmlFor="register-username" className="field-label">
            Username
          </label>
          <input
            id="register-username"
            autoComplete="username"
            required
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            className="field"
          />
        </div>
        <div>
          <label htmlFor="register-email" className="field-label">
            Email
          </label>
          <input
            id="register-email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            className="field"
          />
        </div>
        <div>
          <label htmlFor="register-password" className="field-label">
            Password
          </label>
          <input
            id="register-password"
            type="password"
            autoComplete="new-password"
            required
            minLength={PASSWORD_MIN_LENGTH}
            aria-describedby="register-password-hint"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            className="field"
          />
          <p id="register-password-hint" className="mt-1.5 text-xs text-muted">
            At least {PASSWORD_MIN_LENGTH} characters.
          </p>
        </div>
        <Button type="submit" busy={isLoading} className="w-full">
          Register
        </Button>
      </form>
      <p className="mt-8 text-center text-sm text-muted">
        Already have an account?{' '}
        <Link to={paths.login.href()} className="font-medium text-clay underline underline-offset-4">
          Login here
        </Link>
      </p>
    </AuthLayout>
  );
}
