import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { apiErrorMessage } from '../../lib/api-error';
import { buttonClass } from '../../ui/button';
import { usePageMeta } from '../../ui/use-page-meta';
import { useConfirmEmailMutation } from './auth.api';
import { AuthLayout } from './auth-layout';
import { useCurrentUser } from './use-current-user';

/** What the confirmation says about the orders placed with the e-mail without an account. */
function claimedText(claimed: number): string {
  if (claimed === 0) return 'You can now follow every order you place with it from your account.';
  const orders = claimed === 1 ? 'The order' : `The ${claimed} orders`;
  return `${orders} you placed with this e-mail without an account ${claimed === 1 ? 'is' : 'are'} now in your account.`;
}

/** The mailed link's page: confirms the account's e-mail once, and says what joined the account. */
export function ConfirmEmailPage() {
  usePageMeta('Confirm your e-mail', 'Confirm the e-mail of your account.');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [confirm, { data, error, isLoading, isUninitialized }] = useConfirmEmailMutation();
  const user = useCurrentUser();
  const asked = useRef<string | null>(null);

  useEffect(() => {
    // Once per link, even when React runs effects twice in development: the link works once.
    if (!token || asked.current === token) return;
    asked.current = token;
    void confirm({ token });
  }, [token, confirm]);

  const next = user ? paths.dashboard.orders.href() : paths.login.href();
  const nextLabel = user ? 'See your orders' : 'Log in';
  if (!token || error) {
    const reason = error ? (apiErrorMessage(error) ?? 'The link could not be checked. Please try again.') : null;
    return (
      <AuthLayout
        title="This link is not valid"
        intro={reason ?? 'Open the link from the e-mail again: it may have been cut short.'}
      >
        <p className="mb-6 text-sm text-muted">Logged in, you can ask for a new link on your orders page.</p>
        <Link to={next} className={buttonClass('primary')}>
          {user ? 'Go to your orders' : 'Log in'}
        </Link>
      </AuthLayout>
    );
  }
  if (isLoading || isUninitialized || !data) {
    return (
      <AuthLayout title="Confirming your e-mail…" intro="This takes a moment.">
        <p role="status" className="text-sm text-muted">
          Checking your link…
        </p>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={data.message} intro={claimedText(data.claimedOrders)}>
      <Link to={next} className={buttonClass('primary')}>
        {nextLabel}
      </Link>
    </AuthLayout>
  );
}
