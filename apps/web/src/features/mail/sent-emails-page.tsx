import { useState } from 'react';
import { PageHeader } from '../../ui/dashboard-kit/page-header';
import { RetryButton } from '../../ui/dashboard-kit/retry-button';
import { formatDateTime } from '../../ui/dashboard-kit/table-format';
import { rowClass, TableFrame, TableHead, TableSkeleton, tableClass, td } from '../../ui/dashboard-kit/table-frame';
import { EmptyState, ErrorMessage } from '../../ui/status-message';
import { SentMailViewer } from './sent-mail-viewer';
import { useGetSentMailsQuery } from './sent-mails.api';

/** The dev mailbox: every mail the shop wrote while no SMTP server was configured, newest first. */
export function SentEmailsPage() {
  const { data, error, isLoading, isFetching, refetch } = useGetSentMailsQuery(undefined, {
    refetchOnMountOrArgChange: true,
  });
  const [selected, setSelected] = useState<{ id: string; byUser: boolean } | null>(null);
  const mails = data?.mails ?? [];
  // The newest mail is shown until another is chosen.
  const shownId = selected?.id ?? mails[0]?.id;

  return (
    <>
      <PageHeader
        eyebrow="Admin dashboard"
        title="Sent e-mails"
        description="The mails the shop has sent, kept here while no SMTP server is configured."
        actions={
          <button
            type="button"
            onClick={() => void refetch()}
            disabled={isFetching}
            className="rounded-full border border-sand bg-white px-4 py-2 text-sm font-medium text-ink hover:border-taupe disabled:opacity-60"
          >
            {isFetching && !isLoading ? 'Refreshing…' : 'Refresh'}
          </button>
        }
      />
      {isLoading ? (
        <TableSkeleton label="Loading the sent e-mails" />
      ) : error ? (
        <ErrorMessage title="Error loading the sent e-mails.">
          <RetryButton onRetry={refetch} />
        </ErrorMessage>
      ) : data && !data.devMailbox ? (
        <EmptyState title="Mail goes to the SMTP server.">
          <p className="mt-2 text-sm text-muted">SMTP_URL is set, so sent mails are not kept in the shop.</p>
        </EmptyState>
      ) : mails.length === 0 ? (
        <EmptyState title="No e-mails sent yet." />
      ) : (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] xl:items-start">
          <TableFrame label="Sent e-mails">
            <table className={`${tableClass} min-w-[34rem] xl:min-w-0`}>
              <TableHead columns={['To', 'Subject', 'Sent']} />
              <tbody>
                {mails.map((mail) => {
                  const current = mail.id === shownId;
                  return (
                    <tr
                      key={mail.id}
                      className={`${rowClass} ${current ? 'bg-clay-soft/50 hover:bg-clay-soft/50' : ''}`}
                    >
                      <td className={`${td} max-w-[14rem] truncate xl:max-w-[9rem]`} title={mail.to}>
                        {mail.to}
                      </td>
                      <td className={td}>
                        <button
                          type="button"
                          aria-pressed={current}
                          onClick={() => setSelected({ id: mail.id, byUser: true })}
                          className="text-left font-medium text-clay underline-offset-4 hover:underline"
                        >
                          {mail.subject || '(no subject)'}
                        </button>
                      </td>
                      <td className={`${td} whitespace-nowrap text-muted xl:whitespace-normal`}>
                        <time dateTime={mail.sentAt}>{formatDateTime(mail.sentAt)}</time>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableFrame>
          {shownId && <SentMailViewer key={shownId} id={shownId} focusOnOpen={selected?.byUser ?? false} />}
        </div>
      )}
    </>
  );
}
