import { DISCOUNT_CATEGORY_LABELS, DISCOUNT_LIST_DEFAULT_LIMIT, type DiscountCode } from '@shop/contract/discounts';
import { formatMoney } from '@shop/contract/money';
import { Link } from 'react-router';
import { paths } from '../../config/paths';
import { buttonClass } from '../../ui/button';
import { adminCallFailed } from '../../ui/dashboard-kit/call-failed';
import { type Column, DataTable, numberColumn } from '../../ui/dashboard-kit/data-table';
import { QueryPage } from '../../ui/dashboard-kit/query-page';
import { formatDate } from '../../ui/dashboard-kit/table-format';
import { actionLink, alignedRight, TableSkeleton } from '../../ui/dashboard-kit/table-frame';
import { usePagedList } from '../../ui/dashboard-kit/use-paged-list';
import { EmptyState } from '../../ui/status-message';
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

/** The discount codes' columns: what each gives, when, how often it was used, its state and actions. */
function discountCodeColumns(page: number): Column<DiscountCode>[] {
  return [
    numberColumn(page, LIMIT),
    {
      heading: 'Code',
      cell: (code) => (
        <>
          <span className="block font-mono font-semibold tracking-wide">{code.code}</span>
          <span className="block text-xs text-muted">{code.description}</span>
        </>
      ),
    },
    {
      heading: 'Applies to',
      cell: (code) => (code.category ? DISCOUNT_CATEGORY_LABELS[code.category] : 'Every product'),
    },
    {
      heading: 'Minimum order',
      className: 'tabular-nums',
      cell: (code) => (code.minOrder > 0 ? formatMoney(code.minOrder) : '—'),
    },
    { heading: 'Valid', className: 'whitespace-nowrap', cell: validText },
    { heading: 'Uses', cell: (code) => <UsesCell code={code} /> },
    { heading: 'Status', cell: (code) => <DiscountStatusBadge status={code.status} /> },
    {
      heading: alignedRight('Actions'),
      cell: (code) => (
        <div className="flex justify-end gap-x-4 whitespace-nowrap">
          <Link to={paths.dashboard.editDiscountCode.href(code._id)} className={actionLink}>
            Edit<span className="sr-only"> code {code.code}</span>
          </Link>
          <PauseButton code={code} />
        </div>
      ),
    },
  ];
}

function NoDiscountCodes() {
  return (
    <EmptyState title="No discount codes yet.">
      <p>Make a code for a promotion: a percentage or an amount off, for a while, for everyone or a few.</p>
      <Link to={paths.dashboard.newDiscountCode.href()} className={buttonClass('primary', 'sm', 'mt-5')}>
        Create a code
      </Link>
    </EmptyState>
  );
}

/** The owner's discount codes, newest first: what each gives, when, how often it was used, and its state. */
export function DiscountCodesPage() {
  const { page, query, paged } = usePagedList(
    useGetDiscountCodesQuery,
    LIMIT,
    (data) => Math.ceil(data.total / LIMIT),
    { refetchOnMountOrArgChange: true },
  );

  const newCode = (
    <Link to={paths.dashboard.newDiscountCode.href()} className={buttonClass('primary', 'sm')}>
      New code
    </Link>
  );
  return (
    <QueryPage
      eyebrow="Admin dashboard"
      title="Discount Codes"
      description="Codes shoppers type in the cart. Pause one to stop it at once; its uses are counted as orders are made."
      actions={newCode}
      query={query}
      loading={<TableSkeleton label="Loading the discount codes" />}
      failed={{ title: 'The discount codes could not be loaded.', reason: true }}
      empty={<NoDiscountCodes />}
      isEmpty={(data) => !data.codes.length}
    >
      {(data) =>
        paged(
          <DataTable
            label="Discount codes"
            columns={discountCodeColumns(page)}
            rows={data.codes}
            rowKey={(code) => code._id}
            tableClassName="min-w-[52rem]"
          />,
        )
      }
    </QueryPage>
  );
}
