import { RECOVERY_CODE_COUNT, type TwoFactorSetupResponse, type TwoFactorStatus } from '@shop/contract/two-factor';
import { useState } from 'react';
import { Button } from '../../ui/button';
import { QueryState } from '../../ui/dashboard-kit/query-state';
import { formatDate } from '../../ui/dashboard-kit/table-format';
import { LinesSkeleton } from '../../ui/skeleton';
import { useFormProblem } from '../../ui/use-form-problem';
import { RecoveryCodesPanel } from './recovery-codes-panel';
import { useGetTwoFactorStatusQuery, useStartTwoFactorSetupMutation } from './two-factor.api';
import { TwoFactorDisableForm } from './two-factor-disable-form';
import { TwoFactorEnrol } from './two-factor-enrol';

/** Two-factor authentication: off, being set up, just turned on (the recovery codes, once), or on. */
export function TwoFactorSection() {
  const query = useGetTwoFactorStatusQuery(undefined, { refetchOnMountOrArgChange: true });
  const { data } = query;
  const [setup, setSetup] = useState<TwoFactorSetupResponse | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);

  return (
    <section aria-labelledby="two-factor-title" className="rounded-2xl border border-sand bg-white p-6 sm:p-8">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="two-factor-title" className="font-display text-2xl text-ink">
          Two-factor authentication
        </h2>
        {data && !recoveryCodes && (
          <span
            className={`rounded-full px-3 py-1 text-xs font-medium ${
              data.enabled ? 'bg-go/15 text-go-dark' : 'bg-linen text-muted'
            }`}
          >
            {data.enabled ? 'On' : 'Off'}
          </span>
        )}
      </div>
      <div className="mt-5">
        <QueryState
          query={query}
          loading={<LinesSkeleton label="Loading your two-factor settings" widths={['w-64', 'w-48']} />}
          failed={{ title: 'Your two-factor settings could not be loaded.' }}
        >
          {(status) =>
            recoveryCodes ? (
              <RecoveryCodesPanel codes={recoveryCodes} onDone={() => setRecoveryCodes(null)} />
            ) : status.enabled ? (
              <TwoFactorOn data={status} />
            ) : setup ? (
              <TwoFactorEnrol
                setup={setup}
                onEnabled={(codes) => {
                  setSetup(null);
                  setRecoveryCodes(codes);
                }}
                onCancel={() => setSetup(null)}
              />
            ) : (
              <TwoFactorOff required={status.required} onSetup={setSetup} />
            )
          }
        </QueryState>
      </div>
    </section>
  );
}

/** On: since when, the recovery codes left, and the way to turn it off. */
function TwoFactorOn({ data }: { data: TwoFactorStatus }) {
  const [disabling, setDisabling] = useState(false);
  return (
    <div className="space-y-4 text-sm text-ink">
      <p>
        Logins to this account ask for a code from your authenticator app
        {data.enabledAt ? ` (on since ${formatDate(data.enabledAt)})` : ''}.
      </p>
      <p className="text-muted">
        {data.recoveryCodesLeft} of {RECOVERY_CODE_COUNT} recovery codes left. Each works once if you lose your phone.
      </p>
      {disabling ? (
        <TwoFactorDisableForm onDone={() => setDisabling(false)} />
      ) : (
        <Button variant="outline" onClick={() => setDisabling(true)}>
          Turn off two-factor
        </Button>
      )}
    </div>
  );
}

/** Off: why to turn it on, and the button that starts the setup. */
function TwoFactorOff({ required, onSetup }: { required: boolean; onSetup: (setup: TwoFactorSetupResponse) => void }) {
  const [startSetup, starting] = useStartTwoFactorSetupMutation();
  const { problem: setupProblem, send } = useFormProblem();
  return (
    <div className="space-y-4 text-sm text-ink">
      {required && (
        <p className="rounded-xl bg-clay-soft px-4 py-3 text-clay-dark">
          This shop requires two-factor authentication for admins: turn it on to open the admin dashboard.
        </p>
      )}
      <p className="max-w-prose text-muted">
        With it on, logging in takes your password and a 6-digit code from an authenticator app on your phone (Google
        Authenticator, 1Password, Authy and the like), so a stolen password is not enough.
      </p>
      {setupProblem && (
        <p role="alert" className="text-stop-dark">
          {setupProblem}
        </p>
      )}
      <Button
        busy={starting.isLoading}
        onClick={() =>
          send(async () => onSetup(await startSetup().unwrap()), 'Two-factor could not be set up. Please try again.')
        }
      >
        Turn on two-factor
      </Button>
    </div>
  );
}
