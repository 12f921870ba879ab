import type { SentMailSummary } from '@shop/contract/mail';
import { useState } from 'react';
import { type Column, DataTable } from '../../ui/dashboard-kit/data-table';
import { QueryPage } from '../../ui/dashboard-kit/query-page';
import { formatDateTime } from '../../ui/dashboard-kit/table-format';
import { TableSkeleton } from '../../ui/dashboard-kit/table-frame';
import { EmptyState } from '../../ui/status-message';
import { SentMailViewer } from './sent-mail-viewer';
import { useGetSentMailsQuery } from './sent-mails.api';

/** The mails' columns; the subject opens the mail beside the list. */
function sentMailColumns(shownId: string | undefined, choose: (id: string) => void): Column<SentMailSummary>[] {
  return [
    {
      heading: 'To',
      className: 'max-w-[14rem] truncate xl:max-w-[9rem]',
      title: (mail) => mail.to,
      cell: (mail) => mail.to,
    },
    {
      heading: 'Subject',
      cell: (mail) => (
        <button
          type="button"
          aria-pressed={mail.id === shownId}
          onClick={() => choose(mail.id)}
          className="text-left font-medium text-clay underline-offset-4 hover:underline"
        >
          {mail.subject || '(no subject)'}
        </button>
      ),
    },
    {
      heading: 'Sent',
      className: 'whitespace-nowrap text-muted xl:whitespace-normal',
      cell: (mail) => <time dateTime={mail.sentAt}>{formatDateTime(mail.sentAt)}</time>,
    },
  ];
}

const SMTP_NOTE = (
  <EmptyState title="Mail goes to the SMTP server.">
    <p className="mt-2 text-sm text-muted">SMTP_URL is set, so sent mails are not kept in the shop.</p>
  </EmptyState>
);

/** The dev mailbox: every mail the shop wrote while no SMTP server was configured, newest first. */
export function SentEmailsPage() {
  const query = useGetSentMailsQuery(undefined, { refetchOnMountOrArgChange: true });
  const { data, isLoading, isFetching, refetch } = query;
  const [selected, setSelected] = useState<{ id: string; byUser: boolean } | null>(null);
  // The newest mail is shown until another is chosen.
  const shownId = selected?.id ?? data?.mails[0]?.id;

  return (
    <QueryPage
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
      query={query}
      loading={<TableSkeleton label="Loading the sent e-mails" />}
      failed={{ title: 'Error loading the sent e-mails.' }}
      empty={data && !data.devMailbox ? SMTP_NOTE : 'No e-mails sent yet.'}
      isEmpty={(answer) => !answer.devMailbox || answer.mails.length === 0}
    >
      {({ mails }) => (
        <div className="grid grid-cols-[minmax(0,1fr)] gap-6 xl:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] xl:items-start">
          <DataTable
            label="Sent e-mails"
            columns={sentMailColumns(shownId, (id) => setSelected({ id, byUser: true }))}
            rows={mails}
            rowKey={(mail) => mail.id}
            tableClassName="min-w-[34rem] xl:min-w-0"
            rowClassName={(mail) => (mail.id === shownId ? 'bg-clay-soft/50 hover:bg-clay-soft/50' : '')}
          />
          {shownId && <SentMailViewer key={shownId} id={shownId} focusOnOpen={selected?.byUser ?? false} />}
        </div>
      )}
    </QueryPage>
  );
}
