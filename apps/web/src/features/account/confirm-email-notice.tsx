import { apiErrorMessage } from '../../lib/api-error';
import { Button } from '../../ui/button';
import { useDashboardUser } from '../../ui/dashboard-kit/dashboard-user';
import { useSendEmailConfirmationMutation } from './account.api';

/**
 * For an account whose e-mail is not confirmed: orders placed with that e-mail without an account join
 * the account only once it is, so the customer can ask for the link again here.
 */
export function ConfirmEmailNotice() {
  const user = useDashboardUser();
  const [send, { data, error, isLoading }] = useSendEmailConfirmationMutation();
  if (user.emailConfirmed) return null;
  const outcome =
    data?.message ?? (error ? (apiErrorMessage(error) ?? 'The link could not be sent. Please try again.') : null);
  return (
    <section aria-labelledby="confirm-email-title" className="mb-6 rounded-2xl border border-sand bg-linen/60 p-5">
      <h2 id="confirm-email-title" className="font-medium text-ink">
        Confirm your e-mail
      </h2>
      <p className="mt-1 text-sm text-muted">
        Orders you placed with {user.email} without an account join this list once you confirm the e-mail with the link
        we sent you.
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button variant="outline" size="sm" busy={isLoading} onClick={() => void send()}>
          Send the link again
        </Button>
        <p role="status" className="text-sm text-muted">
          {outcome}
        </p>
      </div>
    </section>
  );
}
