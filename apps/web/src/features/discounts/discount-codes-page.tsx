import { DISCOUNT_CATEGORY_LABELS, DISCOUNT_LIST_DEFAULT_LIMIT, type DiscountCode } from '@shop/contract/discounts';
import { formatMoney } from '@shop/contract/money';
import { useEffect } from 'react';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { apiErrorMessage } from '../../lib/api-error';
import { buttonClass } from '../../ui/button';
import { adminCallFailed } from '../../ui/dashboard-kit/call-failed';
import { PageHeader } from '../../ui/dashboard-kit/page-header';
import { RetryButton } from '../../ui/dashboard-kit/retry-button';
import { formatDate, rowNumber } from '../../ui/dashboard-kit/table-format';
import {
  actionLink,
  alignedRight,
  rowClass,
  TableFrame,
  TableHead,
  TableSkeleton,
  tableClass,
  td,
} from '../../ui/dashboard-kit/table-frame';
import { usePageParam } from '../../ui/dashboard-kit/use-page-param';
import { Pagination } from '../../ui/pagination';
import { EmptyState, ErrorMessage } from '../../ui/status-message';
import { useToast } from '../../ui/toast';
import { useGetDiscountCodesQuery, useSetDiscountCodePausedMutation } from './discount-codes.api';
import { DiscountStatusBadge } from './discount-status-badge';

const LIMIT = DISCOUNT_LIST_DEFAULT_LIMIT;

/** "Always", "From Mar 1, 2030", "Until Mar 31, 2030" or both. */
function validText(code: DiscountCode): string {
  if (code.startsAt && code.endsAt) return `${formatDate(code.startsAt)} – ${formatDate(code.endsAt)}`;
  if (code.startsAt) return `From ${formatDate(code.startsAt)}`;
  if (code.endsAt) return `Until ${formatDate(code.endsAt)}`;
  return 'Always';
}

function UsesCell({ code }: { code: DiscountCode }) {
  return (
    <>
      <span className="block tabular-nums">
        {code.uses}
        {code.maxUses !== null && <span className="text-muted"> of {code.maxUses}</span>}
      </span>
      {code.held > 0 && <span className="block text-xs text-muted">{code.held} held by open checkouts</span>}
      {code.maxUsesPerCustomer !== null && (
        <span className="block text-xs text-muted">{code.maxUsesPerCustomer} per customer</span>
      )}
    </>
  );
}

function PauseButton({ code }: { code: DiscountCode }) {
  const [setPaused, { isLoading }] = useSetDiscountCodePausedMutation();
  const notify = useToast();
  const toggle = async () => {
    try {
      const { message } = await setPaused({ id: code._id, paused: !code.paused }).unwrap();
      notify(`${message}: ${code.code}.`, 'success');
    } catch (error) {
      await adminCallFailed(`Failed to ${code.paused ? 'resume' : 'pause'} the code. Please try again.`, error);
    }
  };
  return (
    <button
      type="button"
      onClick={() => void toggle()}
      disabled={isLoading}
      className={`${actionLink} disabled:opacity-50`}
    >
      {code.paused ? 'Resume' : 'Pause'}
      <span className="sr-only"> code {code.code}</span>
    </button>
  );
}

/** The owner's discount codes, newest first: what each gives, when, how often it was used, and its state. */
export function DiscountCodesPage() {
  const [page, setPage] = usePageParam();
  const { data, error, isLoading, isFetching, refetch } = useGetDiscountCodesQuery(
    { page, limit: LIMIT },
    { refetchOnMountOrArgChange: true },
  );
  const totalPages = Math.max(1, Math.ceil((data?.total ?? 0) / LIMIT));
  useEffect(() => {
    if (data && page > totalPages) setPage(totalPages);
  }, [data, page, totalPages, setPage]);

  const newCode = (
    <Link to={paths.dashboard.newDiscountCode.href()} className={buttonClass('primary', 'sm')}>
      New code
    </Link>
  );
  return (
    <>
      <PageHeader
        eyebrow="Admin dashboard"
        title="Discount Codes"
        description="Codes shoppers type in the cart. Pause one to stop it at once; its uses are counted as orders are made."
        actions={newCode}
      />
      {isLoading ? (
        <TableSkeleton label="Loading the discount codes" />
      ) : error ? (
        <ErrorMessage title="The discount codes could not be loaded.">
          {apiErrorMessage(error) && <p>{apiErrorMessage(error)}</p>}
          <RetryButton onRetry={refetch} />
        </ErrorMessage>
      ) : !data?.codes.length ? (
        <EmptyState title="No discount codes yet.">
          <p>Make a code for a promotion: a percentage or an amount off, for a while, for everyone or a few.</p>
          <Link to={paths.dashboard.newDiscountCode.href()} className={buttonClass('primary', 'sm', 'mt-5')}>
            Create a code
          </Link>
        </EmptyState>
      ) : (
        <div className={`space-y-6 transition-opacity ${isFetching ? 'opacity-60' : ''}`} aria-busy={isFetching}>
          <TableFrame label="Discount codes">
            <table className={`${tableClass} min-w-[52rem]`}>
              <TableHead
                columns={[
                  'No.',
                  'Code',
                  'Applies to',
                  'Minimum order',
                  'Valid',
                  'Uses',
                  'Status',
                  alignedRight('Actions'),
                ]}
              />
              <tbody>
                {data.codes.map((code, index) => (
                  <tr key={code._id} className={rowClass}>
                    <td className={`${td} text-muted tabular-nums`}>{rowNumber(page, LIMIT, index)}</td>
                    <td className={td}>
                      <span className="block font-mono font-semibold tracking-wide">{code.code}</span>
                      <span className="block text-xs text-muted">{code.description}</span>
                    </td>
                    <td className={td}>{code.category ? DISCOUNT_CATEGORY_LABELS[code.category] : 'Every product'}</td>
                    <td className={`${td} tabular-nums`}>{code.minOrder > 0 ? formatMoney(code.minOrder) : '—'}</td>
                    <td className={`${td} whitespace-nowrap`}>{validText(code)}</td>
                    <td className={td}>
                      <UsesCell code={code} />
                    </td>
                    <td className={td}>
                      <DiscountStatusBadge status={code.status} />
                    </td>
                    <td className={td}>
                      <div className="flex justify-end gap-x-4 whitespace-nowrap">
                        <Link to={paths.dashboard.editDiscountCode.href(code._id)} className={actionLink}>
                          Edit<span className="sr-only"> code {code.code}</span>
                        </Link>
                        <PauseButton code={code} />
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableFrame>
          <Pagination page={page} totalPages={totalPages} onPageChange={setPage} />
        </div>
      )}
    </>
  );
}
