import type { Return } from '@shop/contract/returns';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { Button } from '../../ui/button';
import { adminCallFailed } from '../../ui/dashboard-kit/call-failed';
import { EmailCell } from '../../ui/dashboard-kit/email-cell';
import { QueryPage } from '../../ui/dashboard-kit/query-page';
import { FormSkeleton, RecordLoadFailed } from '../../ui/dashboard-kit/record-load-states';
import { formatDateTime } from '../../ui/dashboard-kit/table-format';
import { actionLink } from '../../ui/dashboard-kit/table-frame';
import { useToast } from '../../ui/toast';
import { type Decision, ReturnDecisionModal } from './return-decision-modals';
import { ReturnLineList } from './return-line-list';
import { useGetReturnQuery, useReceiveReturnMutation } from './returns.api';
import { OWNER_STATUS_LABELS } from './returns-filters';

/** One return for the owner: who sent it, for which order, and each item to decide once the parcel is in. */
export function ReturnPage() {
  const { id = '' } = useParams();
  const query = useGetReturnQuery(id);
  return (
    <QueryPage
      eyebrow="Admin dashboard"
      title={query.data ? `Return ${query.data.number}` : 'Return'}
      description="Mark the parcel received when it arrives, then accept or reject each item."
      query={query}
      loading={<FormSkeleton label="Loading the return" />}
      failed={(error, retry) => (
        <RecordLoadFailed
          error={error}
          onRetry={retry}
          missingTitle="This return does not exist."
          failedTitle="The return could not be loaded."
          back={{ href: paths.dashboard.returns.href(), label: 'Back to Returns' }}
        />
      )}
    >
      {(ret) => <ReturnDetails ret={ret} />}
    </QueryPage>
  );
}

function ReturnDetails({ ret }: { ret: Return }) {
  const [decision, setDecision] = useState<Decision | null>(null);
  const inspecting = ret.status === 'received';
  return (
    <div className="space-y-8">
      <p>
        <Link to={paths.dashboard.returns.href()} className={actionLink}>
          ← All returns
        </Link>
      </p>
      <dl className="grid gap-5 rounded-2xl border border-sand bg-white p-6 text-sm sm:grid-cols-2 lg:grid-cols-4">
        <div className="min-w-0">
          <dt className="field-label">Customer</dt>
          <dd className="break-words text-ink">
            <EmailCell email={ret.email} />
          </dd>
        </div>
        <div className="min-w-0">
          <dt className="field-label">Order</dt>
          <dd className="font-mono text-xs break-all">
            <Link to={paths.order.href(ret.orderId)} className={actionLink}>
              {ret.orderNumber}
            </Link>
          </dd>
        </div>
        <div>
          <dt className="field-label">Asked</dt>
          <dd className="text-ink">{formatDateTime(ret.createdAt)}</dd>
        </div>
        <div>
          <dt className="field-label">Received</dt>
          <dd className="text-ink">{ret.receivedAt ? formatDateTime(ret.receivedAt) : 'Not yet'}</dd>
        </div>
      </dl>
      <section aria-labelledby="return-items-title" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="return-items-title" className="font-display text-2xl text-ink">
            Items
          </h2>
          <p className="rounded-full bg-linen px-3 py-1 text-sm font-medium text-ink" data-status={ret.status}>
            {OWNER_STATUS_LABELS[ret.status]}
          </p>
        </div>
        {ret.status === 'requested' && <MarkReceived ret={ret} />}
        <ReturnLineList
          lines={ret.lines}
          forOwner
          actions={(line) =>
            inspecting &&
            line.status === 'pending' && (
              <div className="flex gap-2">
                <Button size="sm" variant="go" onClick={() => setDecision({ kind: 'accept', line })}>
                  Accept<span className="sr-only"> {line.name}</span>
                </Button>
                <Button size="sm" variant="outline" onClick={() => setDecision({ kind: 'reject', line })}>
                  Reject<span className="sr-only"> {line.name}</span>
                </Button>
              </div>
            )
          }
        />
      </section>
      <ReturnDecisionModal returnId={ret._id} decision={decision} onClose={() => setDecision(null)} />
    </div>
  );
}

/** The parcel has arrived: only then may its items be inspected. */
function MarkReceived({ ret }: { ret: Return }) {
  const [receive, { isLoading }] = useReceiveReturnMutation();
  const notify = useToast();
  const onReceive = async () => {
    try {
      notify((await receive(ret._id).unwrap()).message, 'success');
    } catch (error) {
      await adminCallFailed('The return could not be marked received.', error);
    }
  };
  return (
    <div className="flex flex-wrap items-center justify-between gap-4 rounded-2xl border border-sand bg-linen/60 p-5">
      <p className="text-sm text-ink">Waiting for the parcel. Mark it received when it arrives to inspect its items.</p>
      <Button onClick={onReceive} busy={isLoading}>
        Mark received
      </Button>
    </div>
  );
}
