import { Link, useNavigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { apiErrorMessage, apiErrorStatus } from '../../lib/api-error';
import { buttonClass } from '../../ui/button';
import { Skeleton } from '../../ui/skeleton';
import { ErrorMessage } from '../../ui/status-message';
import { useToast } from '../../ui/toast';
import { PageHeader } from '../dashboard/page-header';
import { RetryButton } from '../dashboard/retry-button';
import { DiscountCodeForm } from './discount-code-form';
import { codeToValues } from './discount-code-form-values';
import { useGetDiscountCodeQuery, useUpdateDiscountCodeMutation } from './discount-codes.api';
import { DiscountStatusBadge } from './discount-status-badge';

/** A code's form, prefilled; its uses so far are shown above it, as a limit cannot go below them. */
export function EditDiscountCodePage() {
  const { id = '' } = useParams();
  const { data, error, isLoading, refetch } = useGetDiscountCodeQuery(id, { refetchOnMountOrArgChange: true });
  const [updateCode, { isLoading: saving }] = useUpdateDiscountCodeMutation();
  const navigate = useNavigate();
  const notify = useToast();
  const missing = apiErrorStatus(error) === 404 || apiErrorStatus(error) === 400;

  return (
    <>
      <PageHeader
        eyebrow="Admin dashboard"
        title="Edit Discount Code"
        description="Change what the code gives, when and how often. Orders already made keep what they were given."
      />
      {isLoading ? (
        <div
          role="status"
          aria-label="Loading the discount code"
          className="space-y-4 rounded-2xl border border-sand bg-white p-8"
        >
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-2/3" />
          <Skeleton className="h-32 w-full" />
        </div>
      ) : error || !data ? (
        <ErrorMessage title={missing ? 'This discount code does not exist.' : 'The discount code could not be loaded.'}>
          {!missing && apiErrorMessage(error) && <p>{apiErrorMessage(error)}</p>}
          {missing ? (
            <Link to={paths.dashboard.discountCodes.href()} className={buttonClass('outline', 'sm', 'mt-4')}>
              Back to Discount Codes
            </Link>
          ) : (
            <RetryButton onRetry={refetch} />
          )}
        </ErrorMessage>
      ) : (
        <div className="space-y-6">
          <dl className="flex flex-wrap items-center gap-x-8 gap-y-3 rounded-2xl border border-sand bg-linen/60 px-5 py-4 text-sm">
            <div>
              <dt className="sr-only">Code</dt>
              <dd className="font-mono text-base font-semibold tracking-wide text-ink">{data.code}</dd>
            </div>
            <div>
              <dt className="sr-only">Status</dt>
              <dd>
                <DiscountStatusBadge status={data.status} />
              </dd>
            </div>
            <div className="flex gap-2">
              <dt className="text-muted">Used</dt>
              <dd className="tabular-nums">{data.uses}</dd>
            </div>
            <div className="flex gap-2">
              <dt className="text-muted">Held by open checkouts</dt>
              <dd className="tabular-nums">{data.held}</dd>
            </div>
          </dl>
          <DiscountCodeForm
            key={data.updatedAt}
            initial={codeToValues(data)}
            submitLabel="Save changes"
            busy={saving}
            failure="Failed to update the discount code. Please try again."
            onSubmit={async (input) => {
              const { code } = await updateCode({ id, input }).unwrap();
              notify(`Discount code ${code.code} updated.`, 'success');
              navigate(paths.dashboard.discountCodes.href());
            }}
          />
        </div>
      )}
    </>
  );
}
