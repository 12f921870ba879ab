import { forgotPasswordRequestSchema } from '@shop/contract/users';
import { useState } from 'react';
import { paths } from '../../config/paths';
import { SchemaField, useSchemaForm } from '../../ui/schema-form';
import { useFormProblem } from '../../ui/use-form-problem';
import { usePageMeta } from '../../ui/use-page-meta';
import { useRequestPasswordResetMutation } from './auth.api';
import { AuthElsewhere, AuthForm, AuthLayout } from './auth-layout';

/** "Forgot password?": asks for the e-mail and says the same thing whether or not it has an account. */
export function ForgotPasswordPage() {
  usePageMeta('Forgot password', 'Get a link to set a new password for your Lebaba account.');
  const form = useSchemaForm(forgotPasswordRequestSchema);
  const [sent, setSent] = useState<string | null>(null);
  const { problem, send } = useFormProblem();
  const [requestReset, { isLoading }] = useRequestPasswordResetMutation();

  const onSubmit = form.handleSubmit((request) =>
    send(async () => {
      const { message } = await requestReset(request).unwrap();
      setSent(message);
    }, 'The link could not be sent. Please try again in a moment.'),
  );

  return (
    <AuthLayout
      title="Forgot your password?"
      intro="Enter the e-mail of your account and we will send you a link to set a new one."
    >
      {sent ? (
        <p role="status" className="rounded-xl bg-clay-soft px-4 py-3 text-sm text-clay-dark">
          {sent} The link works once, for 30 minutes.
        </p>
      ) : (
        <AuthForm onSubmit={onSubmit} busy={isLoading} submitLabel="Send reset link">
          <SchemaField form={form} name="email" id="forgot-email" label="Email">
            {(control) => (
              <input
                {...control}
                type="email"
                autoComplete="email"
                required
                aria-describedby={
                  [control['aria-describedby'], problem && 'forgot-error'].filter(Boolean).join(' ') || undefined
                }
                className="field"
              />
            )}
          </SchemaField>
          {problem && (
            <p id="forgot-error" role="alert" className="text-sm text-red-700">
              {problem}
            </p>
          )}
        </AuthForm>
      )}
      <AuthElsewhere question="Remembered it?" to={paths.login.href()} link="Back to login" />
    </AuthLayout>
  );
}
