import { useState } from 'react';
import { apiErrorMessage } from '../../lib/api-error';
import { confirmAction } from '../../ui/alerts';
import { Button } from '../../ui/button';
import { RetryButton } from '../../ui/dashboard-kit/retry-button';
import { AddressLines } from '../../ui/order-shipping';
import { LinesSkeleton } from '../../ui/skeleton';
import { ErrorMessage } from '../../ui/status-message';
import { useToast } from '../../ui/toast';
import { useFormProblem } from '../../ui/use-form-problem';
import { useForgetAddressMutation, useGetSavedAddressQuery, useSaveAddressMutation } from './account.api';
import { AddressForm } from './address-form';

/** Saving and removing the address, each saying how it went. */
function useAddressActions(onSaved: () => void) {
  const [saveAddress, saving] = useSaveAddressMutation();
  const [forgetAddress, forgetting] = useForgetAddressMutation();
  const { problem, setProblem, send } = useFormProblem();
  const notify = useToast();

  async function save(next: Parameters<typeof saveAddress>[0]) {
    await send(async () => {
      await saveAddress(next).unwrap();
      onSaved();
      notify('Delivery address saved', 'success');
    }, 'The address could not be saved. Please try again.');
  }

  async function remove() {
    const sure = await confirmAction({
      title: 'Remove your delivery address?',
      text: 'Your next checkout will start with an empty address.',
      confirmButtonText: 'Remove',
      destructive: true,
    });
    if (!sure) return;
    try {
      await forgetAddress().unwrap();
      notify('Delivery address removed', 'success');
    } catch (error) {
      notify(apiErrorMessage(error) ?? 'The address could not be removed. Please try again.', 'error');
    }
  }

  return { save, remove, saving: saving.isLoading, removing: forgetting.isLoading, problem, setProblem };
}

/** The saved delivery address: the next checkout starts from it, and each order replaces it. */
export function DeliveryAddressSection() {
  const [editing, setEditing] = useState(false);
  return (
    <section
      aria-labelledby="delivery-address-title"
      className="mt-8 rounded-2xl border border-sand bg-white p-6 sm:p-8"
    >
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="delivery-address-title" className="font-display text-2xl text-ink">
          Delivery address
        </h2>
        <p className="text-sm text-muted">Your next checkout starts from it.</p>
      </div>
      <div className="mt-5">
        <DeliveryAddressBody editing={editing} setEditing={setEditing} />
      </div>
    </section>
  );
}

function DeliveryAddressBody({ editing, setEditing }: { editing: boolean; setEditing: (editing: boolean) => void }) {
  const { data, isLoading, isError, refetch } = useGetSavedAddressQuery();
  const actions = useAddressActions(() => setEditing(false));
  const address = data?.address ?? null;

  if (isLoading) {
    return <LinesSkeleton label="Loading your delivery address" widths={['w-40', 'w-56', 'w-32']} />;
  }
  if (isError) {
    return (
      <ErrorMessage title="Your delivery address could not be loaded.">
        <RetryButton onRetry={refetch} />
      </ErrorMessage>
    );
  }
  if (editing) {
    return (
      <AddressForm
        initial={address}
        saving={actions.saving}
        problem={actions.problem}
        onSave={actions.save}
        onCancel={() => {
          actions.setProblem(null);
          setEditing(false);
        }}
      />
    );
  }
  if (address) {
    return (
      <div className="flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
        <AddressLines address={address} className="text-sm leading-relaxed text-ink" />
        <div className="flex flex-wrap gap-3">
          <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
            Edit address
          </Button>
          <Button variant="ghost" size="sm" onClick={actions.remove} busy={actions.removing}>
            Remove
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-start gap-4 rounded-xl border border-dashed border-taupe p-5">
      <p className="text-sm text-muted">
        No delivery address saved yet. Add one now, or it is saved with your next order.
      </p>
      <Button size="sm" onClick={() => setEditing(true)}>
        Add address
      </Button>
    </div>
  );
}
