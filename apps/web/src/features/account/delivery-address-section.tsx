import { useState } from 'react';
import { apiErrorMessage } from '../../lib/api-error';
import { confirmAction } from '../../ui/alerts';
import { Button } from '../../ui/button';
import { RetryButton } from '../../ui/dashboard-kit/retry-button';
import { AddressLines } from '../../ui/order-shipping';
import { Skeleton } from '../../ui/skeleton';
import { ErrorMessage } from '../../ui/status-message';
import { useToast } from '../../ui/toast';
import { useForgetAddressMutation, useGetSavedAddressQuery, useSaveAddressMutation } from './account.api';
import { AddressForm } from './address-form';

/** The saved delivery address: the next checkout starts from it, and each order replaces it. */
export function DeliveryAddressSection() {
  const { data, isLoading, isError, refetch } = useGetSavedAddressQuery();
  const [saveAddress, saving] = useSaveAddressMutation();
  const [forgetAddress, forgetting] = useForgetAddressMutation();
  const [editing, setEditing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const notify = useToast();
  const address = data?.address ?? null;

  async function save(next: Parameters<typeof saveAddress>[0]) {
    setProblem(null);
    try {
      await saveAddress(next).unwrap();
      setEditing(false);
      notify('Delivery address saved', 'success');
    } catch (error) {
      setProblem(apiErrorMessage(error) ?? 'The address could not be saved. Please try again.');
    }
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
        {isLoading ? (
          <div role="status" aria-busy="true" aria-label="Loading your delivery address" className="space-y-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-4 w-56" />
            <Skeleton className="h-4 w-32" />
          </div>
        ) : isError ? (
          <ErrorMessage title="Your delivery address could not be loaded.">
            <RetryButton onRetry={refetch} />
          </ErrorMessage>
        ) : editing ? (
          <AddressForm
            initial={address}
            saving={saving.isLoading}
            problem={problem}
            onSave={save}
            onCancel={() => {
              setProblem(null);
              setEditing(false);
            }}
          />
        ) : address ? (
          <div className="flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
            <AddressLines address={address} className="text-sm leading-relaxed text-ink" />
            <div className="flex flex-wrap gap-3">
              <Button variant="outline" size="sm" onClick={() => setEditing(true)}>
                Edit address
              </Button>
              <Button variant="ghost" size="sm" onClick={remove} busy={forgetting.isLoading}>
                Remove
              </Button>
            </div>
          </div>
        ) : (
          <div className="flex flex-col items-start gap-4 rounded-xl border border-dashed border-taupe p-5">
            <p className="text-sm text-muted">
              No delivery address saved yet. Add one now, or it is saved with your next order.
            </p>
            <Button size="sm" onClick={() => setEditing(true)}>
              Add address
            </Button>
          </div>
        )}
      </div>
    </section>
  );
}
