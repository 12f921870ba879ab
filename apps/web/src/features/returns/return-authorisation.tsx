import { RETURN_ADDRESS_LINES, RETURN_MESSAGES, type Return } from '@shop/contract/returns';
import { useEffect, useRef } from 'react';
import { ReturnLineList } from './return-line-list';

/** What the customer does once a return is authorised: its number, and how to send the parcel back. */
export function ReturnAuthorisation({ authorised }: { authorised: Return }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The form the customer sent is gone: their focus moves to what replaced it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section aria-labelledby="return-authorised-title" className="space-y-6">
      <div className="rounded-2xl border border-go/30 bg-white p-6">
        <h2 id="return-authorised-title" ref={heading} tabIndex={-1} className="font-display text-2xl text-ink">
          Return authorised
        </h2>
        <p className="mt-2 text-sm text-muted">{RETURN_MESSAGES.requested}</p>
        <p className="mt-4 text-sm text-muted">Your return number</p>
        <p className="font-mono text-2xl tracking-wide text-ink" data-testid="return-number">
          {authorised.number}
        </p>
        <ol className="mt-5 list-decimal space-y-2 pl-5 text-sm text-ink">
          <li>Pack the items below, with their labels if you still have them.</li>
          <li>
            Write the return number <strong className="font-mono">{authorised.number}</strong> on the parcel.
          </li>
          <li>
            Send the parcel to the address below. We will tell you by e-mail once it has arrived and been checked.
          </li>
        </ol>
        <address className="mt-4 rounded-xl bg-linen/60 px-4 py-3 text-sm text-ink not-italic">
          {RETURN_ADDRESS_LINES.map((line) => (
            <span key={line} className="block">
              {line}
            </span>
          ))}
        </address>
      </div>
      <ReturnLineList lines={authorised.lines} />
    </section>
  );
}
