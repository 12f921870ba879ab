import { twoFactorDisableRequestSchema } from '@shop/contract/two-factor';
import { Button } from '../../ui/button';
import { SchemaField, useSchemaForm } from '../../ui/schema-form';
import { FormProblem } from '../../ui/status-message';
import { useToast } from '../../ui/toast';
import { useFormProblem } from '../../ui/use-form-problem';
import { useDisableTwoFactorMutation } from './two-factor.api';

/** Turning two-factor off takes a current code (or a recovery code), or the account's password. */
export function TwoFactorDisableForm({ onDone }: { onDone: () => void }) {
  const form = useSchemaForm(twoFactorDisableRequestSchema);
  const [disable, { isLoading }] = useDisableTwoFactorMutation();
  const { problem, send } = useFormProblem();
  const notify = useToast();

  const onSubmit = form.handleSubmit((body) =>
    send(async () => {
      const { message } = await disable(body).unwrap();
      notify(message, 'success');
      onDone();
    }, 'Two-factor could not be turned off. Please try again.'),
  );

  return (
    <form onSubmit={onSubmit} noValidate className="max-w-sm space-y-4 rounded-2xl border border-sand p-5">
      <p className="text-muted">Confirm it is you with one of these.</p>
      <SchemaField
        form={form}
        name="code"
        id="two-factor-disable-code"
        label="Code from the app or a recovery code"
        autoComplete="one-time-code"
        autoCapitalize="off"
        spellCheck={false}
      />
      <SchemaField
        form={form}
        name="password"
        id="two-factor-disable-password"
        label="Or your password"
        type="password"
        autoComplete="current-password"
      />
      {problem && <FormProblem>{problem}</FormProblem>}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" variant="stop" busy={isLoading}>
          Turn off
        </Button>
        <Button variant="ghost" onClick={onDone}>
          Keep it on
        </Button>
      </div>
    </form>
  );
}
