import { BACK_IN_STOCK_MESSAGES, backInStockTokenSchema } from '@shop/contract/back-in-stock';
import { BACK_IN_STOCK_UNSUBSCRIBE_PATH } from '@shop/contract/constants';
import { useEffect, useRef, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { apiErrorMessage } from '../../lib/api-error';
import { buttonClass } from '../../ui/button';
import { usePageMeta } from '../../ui/use-page-meta';
import { useConfirmBackInStockMutation, useUnsubscribeBackInStockMutation } from './back-in-stock.api';

type Outcome = { done: true; message: string } | { done: false; message: string } | null;

/** Sends the link's token once, in the browser (a crawler or the server's render sends nothing). */
function useLinkOutcome(unsubscribe: boolean, token: string): Outcome {
  const [confirm] = useConfirmBackInStockMutation();
  const [leave] = useUnsubscribeBackInStockMutation();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    if (!backInStockTokenSchema.safeParse({ token }).success) {
      setOutcome({ done: false, message: BACK_IN_STOCK_MESSAGES.linkNotValid });
      return;
    }
    const call = unsubscribe ? leave({ token }) : confirm({ token });
    call.unwrap().then(
      ({ message }) => setOutcome({ done: true, message }),
      (error: unknown) =>
        setOutcome({ done: false, message: apiErrorMessage(error) ?? 'Something went wrong. Please try again.' }),
    );
  }, [confirm, leave, token, unsubscribe]);
  return outcome;
}

/**
 * The pages a back-in-stock mail's links open, without logging in: confirm a guest's e-mail, or
 * unsubscribe. Each says what happened, and nothing else: no e-mail, no other request.
 */
export function BackInStockLinkPage() {
  const unsubscribe = useLocation().pathname === BACK_IN_STOCK_UNSUBSCRIBE_PATH;
  const [params] = useSearchParams();
  const outcome = useLinkOutcome(unsubscribe, params.get('token') ?? '');
  const title = unsubscribe ? 'Unsubscribe' : 'Confirm your e-mail';
  usePageMeta(title, 'Back-in-stock e-mails of a sold-out size.');
  const heading = !outcome
    ? title
    : !outcome.done
      ? 'This link is not valid'
      : unsubscribe
        ? "You're unsubscribed"
        : "You're on the list";
  return (
    <div className="container-page flex justify-center py-16 sm:py-24">
      <section className="w-full max-w-lg rounded-3xl border border-sand bg-white p-8 text-center shadow-sm">
        <h1 className="font-display text-3xl text-ink">{heading}</h1>
        <p role="status" className="mt-4 min-h-6 text-ink/85">
          {outcome ? outcome.message : unsubscribe ? 'Unsubscribing…' : 'Confirming…'}
        </p>
        {outcome && (
          <Link to={paths.shop.href()} className={buttonClass('primary', 'md', 'mt-8')}>
            Continue shopping
          </Link>
        )}
      </section>
    </div>
  );
}
