import { type TwoFactorSetupResponse, twoFactorConfirmRequestSchema } from '@shop/contract/two-factor';
import { Button } from '../../ui/button';
import { SchemaField, useSchemaForm } from '../../ui/schema-form';
import { FormProblem } from '../../ui/status-message';
import { useFormProblem } from '../../ui/use-form-problem';
import { useConfirmTwoFactorMutation } from './two-factor.api';

/** The secret in groups of four, as authenticator apps ask for it when typed. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

interface TwoFactorEnrolProps {
  setup: TwoFactorSetupResponse;
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}

/** Scan the QR code (or type the secret), then prove it with the app's first code. */
export function TwoFactorEnrol({ setup, onEnabled, onCancel }: TwoFactorEnrolProps) {
  const form = useSchemaForm(twoFactorConfirmRequestSchema);
  const [confirm, { isLoading }] = useConfirmTwoFactorMutation();
  const { problem, send } = useFormProblem();

  const onSubmit = form.handleSubmit(async (body) => {
    const sent = await send(
      async () => onEnabled((await confirm(body).unwrap()).recoveryCodes),
      'The code could not be checked. Please try again.',
    );
    if (!sent) form.setFocus('code');
  });

  return (
    <div className="grid gap-8 md:grid-cols-[auto_minmax(0,1fr)] md:items-start">
      <figure className="mx-auto w-full max-w-[15rem] rounded-2xl border border-sand bg-white p-3">
        <img
          src={setup.qrCode}
          alt="QR code to scan with your authenticator app"
          width={240}
          height={240}
          className="block h-auto w-full [image-rendering:pixelated]"
        />
      </figure>
      <div className="min-w-0 space-y-5 text-sm text-ink">
        <ol className="list-decimal space-y-2 pl-5 text-muted">
          <li>Open your authenticator app and scan the QR code.</li>
          <li>Can't scan? Add an account by hand with this key. It is shown only now.</li>
        </ol>
        <p>
          <span className="field-label">Setup key</span>
          <code className="block rounded-xl bg-linen px-4 py-3 font-mono text-sm tracking-wider break-all text-ink">
            {grouped(setup.secret)}
          </code>
        </p>
        <form onSubmit={onSubmit} noValidate className="space-y-4">
          <SchemaField
            form={form}
            name="code"
            id="two-factor-confirm-code"
            label="Code from the app"
            hint="Enter the 6 digits your app shows for this shop to finish."
            inputMode="numeric"
            autoComplete="one-time-code"
            required
          />
          {problem && <FormProblem>{problem}</FormProblem>}
          <div className="flex flex-wrap gap-3">
            <Button type="submit" busy={isLoading}>
              Turn on
            </Button>
            <Button variant="ghost" onClick={onCancel}>
              Cancel
            </Button>
          </div>
        </form>
      </div>
    </div>
  );
}
