import { PAGE_META } from '@shop/contract/seo';
import type { User } from '@shop/contract/users';
import { loginRequestSchema } from '@shop/contract/users';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { baseApi } from '../../lib/base-api';
import { useAppDispatch } from '../../lib/hooks';
import { setUser } from '../../lib/session-actions';
import { SchemaField, useSchemaForm } from '../../ui/schema-form';
import { useHydrated } from '../../ui/use-hydrated';
import { usePageMeta } from '../../ui/use-page-meta';
import { useLoginMutation } from './auth.api';
import { alertAuthFailed } from './auth-failed';
import { emailInput } from './auth-fields';
import { AuthElsewhere, AuthForm, AuthLayout } from './auth-layout';
import { LoginCodeStep } from './login-code-step';

export interface LoginLocationState {
  /** Why the shopper was sent here, shown above the form. */
  notice?: string;
  /** The page that asked for a login (an order, say); without one, login goes home. */
  returnTo?: string;
}

/**
 * What the page that sent the shopper here left in the history entry. The server never sees it, and a
 * reload or a step back brings it back into the browser: read before hydration, a notice would be in the
 * browser's first render and not in the server's HTML. So it is read once the page is hydrated.
 */
function useLoginLocationState(): { notice?: string | undefined; returnTo: string } {
  const hydrated = useHydrated();
  const location = useLocation();
  const state = hydrated ? (location.state as LoginLocationState | null) : null;
  // Only a path of this shop ("//host" would be another site).
  const returnTo =
    state?.returnTo?.startsWith('/') && !state.returnTo.startsWith('//') ? state.returnTo : paths.home.href();
  return { notice: state?.notice, returnTo };
}

export function LoginPage() {
  usePageMeta(PAGE_META.login.title, PAGE_META.login.description);
  // Kept here, so what was typed is still there when the shopper steps back from the code.
  const form = useSchemaForm(loginRequestSchema);
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { notice, returnTo } = useLoginLocationState();
  // Set when the password was right and the account asks for its second factor.
  const [challenge, setChallenge] = useState<string | null>(null);
  const [expiredNotice, setExpiredNotice] = useState<string | null>(null);

  const loggedIn = (user: User) => {
    dispatch(baseApi.util.resetApiState());
    dispatch(setUser(user));
    navigate(returnTo);
  };

  if (challenge) {
    return (
      <AuthLayout title="Two-factor check" intro="One more step: your account is protected by an authenticator app.">
        <LoginCodeStep
          challenge={challenge}
          onLoggedIn={loggedIn}
          onExpired={(message) => {
            setChallenge(null);
            setExpiredNotice(message);
          }}
          onCancel={() => setChallenge(null)}
        />
      </AuthLayout>
    );
  }

  return (
    <LoginForm
      form={form}
      notice={expiredNotice ?? notice}
      onLoggedIn={loggedIn}
      onChallenge={(next) => {
        setExpiredNotice(null);
        setChallenge(next);
      }}
    />
  );
}

interface LoginFormProps {
  form: ReturnType<typeof useSchemaForm<typeof loginRequestSchema>>;
  notice: string | undefined;
  onLoggedIn: (user: User) => void;
  onChallenge: (challenge: string) => void;
}

function LoginForm({ form, notice, onLoggedIn, onChallenge }: LoginFormProps) {
  const [login, { isLoading }] = useLoginMutation();

  const onSubmit = form.handleSubmit(async (credentials) => {
    try {
      // The session is the httpOnly cookie the server sets; the token in the answer is not kept.
      const answer = await login(credentials).unwrap();
      if ('twoFactorRequired' in answer) {
        onChallenge(answer.challenge);
        return;
      }
      onLoggedIn(answer.user);
    } catch (error) {
      await alertAuthFailed('Login Failed', error, 'Invalid credentials', 'Try Again');
    }
  });

  return (
    <AuthLayout title="Welcome back" intro="Log in to check out, follow your orders and write reviews.">
      {notice && (
        <p role="status" className="mb-6 rounded-xl bg-clay-soft px-4 py-3 text-sm text-clay-dark">
          {notice}
        </p>
      )}
      <AuthForm onSubmit={onSubmit} noValidate busy={isLoading} submitLabel="Login">
        <SchemaField form={form} id="login-email" {...emailInput} />
        <SchemaField
          form={form}
          name="password"
          id="login-password"
          label="Password"
          type="password"
          autoComplete="current-password"
          required
          labelAside={
            <Link
              to={paths.forgotPassword.href()}
              className="text-sm font-medium text-clay underline underline-offset-4"
            >
              Forgot password?
            </Link>
          }
        />
      </AuthForm>
      <AuthElsewhere question="Don't have an account?" to={paths.register.href()} link="Register here" />
    </AuthLayout>
  );
}
