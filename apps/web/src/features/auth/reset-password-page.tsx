import { resetPasswordRequestSchema } from '@shop/contract/users';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { paths } from '../../config/paths';
import { useAppDispatch } from '../../lib/hooks';
import { logout } from '../../lib/session-actions';
import { SchemaField, useSchemaForm } from '../../ui/schema-form';
import { useFormProblem } from '../../ui/use-form-problem';
import { usePageMeta } from '../../ui/use-page-meta';
import { useResetPasswordMutation } from './auth.api';
import { NEW_PASSWORD_HINT, newPasswordInput } from './auth-fields';
import { AuthForm, AuthLayout } from './auth-layout';
import type { LoginLocationState } from './login-page';

/** The new password as the API checks it, typed twice. */
const resetFormSchema = z.object({
  password: resetPasswordRequestSchema.shape.password,
  confirmation: z.string(),
});

/** The mailed link's page: a new password for the account the link was made for. */
export function ResetPasswordPage() {
  usePageMeta('Set a new password', 'Choose a new password for your Lebaba account.');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
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
      <ResetPasswordForm token={token} />
    </AuthLayout>
  );
}

function ResetPasswordForm({ token }: { token: string }) {
  const form = useSchemaForm(resetFormSchema);
  const { problem, setProblem, send } = useFormProblem();
  const [resetPassword, { isLoading }] = useResetPasswordMutation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();

  const onSubmit = form.handleSubmit(async ({ password, confirmation }) => {
    if (password !== confirmation) {
      setProblem('The two passwords are not the same.');
      return;
    }
    await send(async () => {
      const { message } = await resetPassword({ token, password }).unwrap();
      // Every session of the account ended on the server, this browser's too.
      dispatch(logout());
      const state: LoginLocationState = { notice: message };
      navigate(paths.login.href(), { state });
    }, 'The password could not be changed. Please try again.');
  });

  return (
    <AuthForm onSubmit={onSubmit} busy={isLoading} submitLabel="Set new password">
      <SchemaField
        form={form}
        name="password"
        id="reset-password"
        label="New password"
        hint={NEW_PASSWORD_HINT}
        {...newPasswordInput}
      />
      <SchemaField
        form={form}
        name="confirmation"
        id="reset-password-again"
        label="New password again"
        {...newPasswordInput}
      />
      {problem && (
        <div role="alert" className="space-y-1 text-sm text-red-700">
          <p>{problem}</p>
          <Link to={paths.forgotPassword.href()} className="font-medium underline underline-offset-4">
            Ask for a new link
          </Link>
        </div>
      )}
    </AuthForm>
  );
}
