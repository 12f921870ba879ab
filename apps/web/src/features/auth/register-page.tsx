import { PAGE_META } from '@shop/contract/seo';
import { registerRequestSchema } from '@shop/contract/users';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { SchemaField, useSchemaForm } from '../../ui/schema-form';
import { usePageMeta } from '../../ui/use-page-meta';
import { useRegisterMutation } from './auth.api';
import { alertAuthFailed } from './auth-failed';
import { emailInput, NEW_PASSWORD_HINT, newPasswordInput } from './auth-fields';
import { AuthElsewhere, AuthForm, AuthLayout } from './auth-layout';
import type { LoginLocationState } from './login-page';

export function RegisterPage() {
  usePageMeta(PAGE_META.register.title, PAGE_META.register.description);
  // After a purchase as a guest, the success page sends the e-mail the order went to.
  const [params] = useSearchParams();
  const form = useSchemaForm(registerRequestSchema, { email: params.get('email') ?? '' });
  const [createAccount, { isLoading }] = useRegisterMutation();
  const navigate = useNavigate();

  const onSubmit = form.handleSubmit(async (account) => {
    try {
      await createAccount(account).unwrap();
      const state: LoginLocationState = {
        notice: 'Your account is ready. Please log in, and confirm your e-mail with the link we sent you.',
      };
      navigate(paths.login.href(), { state });
    } catch (error) {
      await alertAuthFailed('Registration Failed', error, 'Something went wrong!');
    }
  });

  return (
    <AuthLayout title="Create an account" intro="Save your details for a faster checkout and follow every order.">
      <AuthForm onSubmit={onSubmit} noValidate busy={isLoading} submitLabel="Register">
        <SchemaField
          form={form}
          name="username"
          id="register-username"
          label="Username"
          autoComplete="username"
          required
        />
        <SchemaField form={form} id="register-email" {...emailInput} />
        <SchemaField
          form={form}
          name="password"
          id="register-password"
          label="Password"
          hint={NEW_PASSWORD_HINT}
          {...newPasswordInput}
        />
      </AuthForm>
      <AuthElsewhere question="Already have an account?" to={paths.login.href()} link="Login here" />
    </AuthLayout>
  );
}
