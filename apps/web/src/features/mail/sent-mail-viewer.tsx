import { useEffect, useRef } from 'react';
import { RetryButton } from '../../ui/dashboard-kit/retry-button';
import { formatDateTime } from '../../ui/dashboard-kit/table-format';
import { Skeleton } from '../../ui/skeleton';
import { ErrorMessage } from '../../ui/status-message';
import { useGetSentMailQuery } from './sent-mails.api';

interface SentMailViewerProps {
  id: string;
  /** Move the focus to the mail once it is shown (it was opened from the keyboard or a click). */
  focusOnOpen: boolean;
}

/**
 * One sent mail as its recipient sees it. The HTML runs in a sandboxed iframe: no script, no forms, no
 * navigation of the dashboard, an origin of its own; its links open in a new tab, as in a mail program,
 * so a reset link can be followed from here. The plain-text part is shown beneath.
 */
export function SentMailViewer({ id, focusOnOpen }: SentMailViewerProps) {
  const { data: mail, error, refetch } = useGetSentMailQuery(id);
  const heading = useRef<HTMLHeadingElement>(null);
  const shown = mail?.id === id ? mail : undefined;

  useEffect(() => {
    if (focusOnOpen && shown) heading.current?.focus();
  }, [focusOnOpen, shown]);

  if (error) {
    return (
      <ErrorMessage title="Error loading this e-mail.">
        <RetryButton onRetry={refetch} />
      </ErrorMessage>
    );
  }
  if (!shown) {
    return (
      <div role="status" aria-label="Loading the e-mail" className="rounded-2xl border border-sand bg-white p-5">
        <Skeleton className="h-5 w-2/3" />
        <Skeleton className="mt-3 h-4 w-1/3" />
        <Skeleton className="mt-6 h-72 w-full" />
      </div>
    );
  }
  return (
    <article aria-labelledby="sent-mail-subject" className="rounded-2xl border border-sand bg-white">
      <header className="border-b border-sand p-5">
        <h2
          id="sent-mail-subject"
          ref={heading}
          tabIndex={-1}
          className="font-display text-xl text-ink break-words focus:outline-none"
        >
          {shown.subject || '(no subject)'}
        </h2>
        <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="text-muted">To</dt>
          <dd className="min-w-0 break-all text-ink">{shown.to}</dd>
          <dt className="text-muted">Sent</dt>
          <dd className="text-ink">
            <time dateTime={shown.sentAt}>{formatDateTime(shown.sentAt)}</time>
          </dd>
        </dl>
      </header>
      <div className="bg-ivory p-3 sm:p-5">
        <iframe
          title={`E-mail: ${shown.subject}`}
          sandbox="allow-popups allow-popups-to-escape-sandbox"
          srcDoc={`<base target="_blank">${shown.html || '<p style="font-family:sans-serif">This e-mail has no HTML part.</p>'}`}
          className="h-[36rem] w-full rounded-xl border border-sand bg-white"
        />
      </div>
      <section aria-labelledby="sent-mail-text" className="border-t border-sand p-5">
        <h3 id="sent-mail-text" className="eyebrow">
          Plain text
        </h3>
        {/* Wraps instead of scrolling: a region that scrolls on its own is out of a keyboard's reach. */}
        <pre className="mt-3 rounded-xl bg-linen/60 p-4 font-mono text-xs leading-relaxed whitespace-pre-wrap break-words text-ink">
          {shown.text || '(no plain-text part)'}
        </pre>
      </section>
    </article>
  );
}
