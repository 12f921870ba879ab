import { loginCodeFormSchema, TWO_FACTOR_MESSAGES } from '@shop/contract/two-factor';
import type { User } from '@shop/contract/users';
import { useState } from 'react';
import { apiErrorMessage, apiErrorStatus } from '../../lib/api-error';
import { Button } from '../../ui/button';
import { SchemaField, useSchemaForm } from '../../ui/schema-form';
import { FormProblem } from '../../ui/status-message';
import { useLoginTwoFactorMutation } from './auth.api';

interface LoginCodeStepProps {
  /** What the password step answered: the code goes back with it. */
  challenge: string;
  onLoggedIn: (user: User) => void;
  /** The challenge is used or past its time: back to the password, with the reason. */
  onExpired: (message: string) => void;
  onCancel: () => void;
}

/** The login's second step: the authenticator app's code, or one of the recovery codes. */
export function LoginCodeStep({ challenge, onLoggedIn, onExpired, onCancel }: LoginCodeStepProps) {
  const form = useSchemaForm(loginCodeFormSchema);
  const [send, { isLoading }] = useLoginTwoFactorMutation();
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = form.handleSubmit(async ({ code }) => {
    setProblem(null);
    try {
      const { user } = await send({ challenge, code }).unwrap();
      onLoggedIn(user);
    } catch (error) {
      const message = apiErrorMessage(error) ?? 'The code could not be checked. Please try again.';
      if (apiErrorStatus(error) === 401 && message === TWO_FACTOR_MESSAGES.challengeExpired) {
        onExpired(message);
        return;
      }
      setProblem(message);
      form.setFocus('code');
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-5">
      <SchemaField
        form={form}
        name="code"
        id="login-code"
        label="Authentication code"
        hint="The 6-digit code your authenticator app shows now, or one of your recovery codes."
        inputMode="text"
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
        autoFocus
        required
      />
      {problem && <FormProblem>{problem}</FormProblem>}
      <Button type="submit" busy={isLoading} className="w-full">
        Verify
      </Button>
      <button
        type="button"
        onClick={onCancel}
        className="w-full text-center text-sm font-medium text-clay underline underline-offset-4"
      >
        Use another account
      </button>
    </form>
  );
}
