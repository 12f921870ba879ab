import { useEffect, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { Button, buttonClass } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';
import { usePageMeta } from '../../ui/use-page-meta';
import { OrderDetails } from './order-details';
import { useConfirmPaymentMutation } from './orders.api';
import { confirmationProblem } from './payment-problems';

/**
 * /success: confirm the payment named by session_id and show the order. The cart is cleared only
 * once the server has confirmed it (onConfirmed), never on arrival.
 */
export function PaymentSuccess({ onConfirmed }: { onConfirmed: () => void }) {
  usePageMeta('Order confirmed', 'Your payment is confirmed. Follow your order from here.');
  const [searchParams] = useSearchParams();
  const sessionId = searchParams.get('session_id');
  const [confirm, { data, error, isLoading, isUninitialized }] = useConfirmPaymentMutation();
  const requested = useRef<string | null>(null);

  useEffect(() => {
    // Once per session id, even when React runs effects twice in development.
    if (!sessionId || requested.current === sessionId) return;
    requested.current = sessionId;
    confirm({ session_id: sessionId });
  }, [sessionId, confirm]);

  useEffect(() => {
    if (data) onConfirmed();
  }, [data, onConfirmed]);

  useEffect(() => {
    if (error) console.error('Payment confirmation failed', error);
  }, [error]);

  if (!sessionId) {
    return (
      <Frame title="There is no payment to confirm">
        <p className="text-muted">
          This page shows an order after payment. If you have just paid, open your orders from your account; otherwise,
          head back to the shop.
        </p>
        <Actions />
      </Frame>
    );
  }

  if (error) {
    return <ConfirmationFailed error={error} onRetry={() => confirm({ session_id: sessionId })} />;
  }

  if (isLoading || isUninitialized || !data) {
    return (
      <Frame title="Confirming your payment…">
        <div role="status" aria-label="Confirming your payment" className="space-y-4">
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-32 w-full" />
        </div>
      </Frame>
    );
  }

  const { order, orderToken } = data;
  return (
    <Frame eyebrow="Payment successful" title="Thank you for your order!">
      <p className="-mt-4 mb-10 text-muted">
        {orderToken
          ? `Your payment is confirmed and your order is placed. We sent the receipt and a link to follow your order to ${order.email}.`
          : 'Your payment is confirmed and your order is placed. You can follow it here at any time.'}
      </p>
      {orderToken && <CreateAccountOffer email={order.email} />}
      <OrderDetails order={order} />
      <Actions orderHref={orderToken ? paths.guestOrder.href(orderToken) : paths.order.href(order._id)} />
    </Frame>
  );
}

/**
 * After a guest's purchase: an account keeps the details for next time, and once its e-mail is
 * confirmed this order (and any other placed with the e-mail) joins it.
 */
function CreateAccountOffer({ email }: { email: string }) {
  return (
    <section aria-labelledby="create-account-title" className="mb-10 rounded-2xl border border-sand bg-linen/60 p-6">
      <h2 id="create-account-title" className="font-display text-2xl text-ink">
        Save your details for next time
      </h2>
      <p className="mt-2 text-sm text-muted">
        Create an account with {email}: once you confirm the e-mail we send you, this order joins your account, and your
        next checkout starts from your address.
      </p>
      <Link to={paths.register.href(email)} className={buttonClass('primary', 'sm', 'mt-4')}>
        Create an account
      </Link>
    </section>
  );
}

function Frame({ eyebrow, title, children }: { eyebrow?: string; title: string; children: React.ReactNode }) {
  return (
    <div className="container-page max-w-4xl py-14 sm:py-20">
      {eyebrow && <p className="eyebrow">{eyebrow}</p>}
      <h1 className="mt-3 mb-8 font-display text-4xl text-ink sm:text-5xl">{title}</h1>
      {children}
    </div>
  );
}

function Actions({ orderHref }: { orderHref?: string }) {
  return (
    <div className="mt-10 flex flex-wrap gap-3">
      {orderHref && (
        <Link to={orderHref} className={buttonClass('primary')}>
          View order
        </Link>
      )}
      <Link to={paths.shop.href()} className={buttonClass('outline')}>
        Continue shopping
      </Link>
    </div>
  );
}

/** Why the payment could not be confirmed, and the ways on: again, a login, or back to the shop. */
function ConfirmationFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const [searchParams] = useSearchParams();
  const problem = confirmationProblem(error);
  return (
    <Frame title={problem.title}>
      <div role="alert" className="text-muted">
        {problem.help}
      </div>
      <div className="mt-8 flex flex-wrap gap-3">
        {problem.retry && <Button onClick={onRetry}>Try again</Button>}
        {problem.loginNeeded && (
          <Link
            to={paths.login.href()}
            state={{ returnTo: `${paths.success.href()}?${searchParams.toString()}` }}
            className={buttonClass('primary')}
          >
            Login
          </Link>
        )}
        <Link to={paths.shop.href()} className={buttonClass('outline')}>
          Back to the shop
        </Link>
      </div>
    </Frame>
  );
}
