import { useNavigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { EditRecordPage } from '../../ui/dashboard-kit/form-page';
import { useToast } from '../../ui/toast';
import { DiscountCodeForm } from './discount-code-form';
import { codeToValues } from './discount-code-form-values';
import { useGetDiscountCodeQuery, useUpdateDiscountCodeMutation } from './discount-codes.api';
import { DiscountStatusBadge } from './discount-status-badge';

/** A code's form, prefilled; its uses so far are shown above it, as a limit cannot go below them. */
export function EditDiscountCodePage() {
  const { id = '' } = useParams();
  const query = useGetDiscountCodeQuery(id, { refetchOnMountOrArgChange: true });
  const [updateCode, { isLoading: saving }] = useUpdateDiscountCodeMutation();
  const navigate = useNavigate();
  const notify = useToast();

  return (
    <EditRecordPage
      title="Edit Discount Code"
      description="Change what the code gives, when and how often. Orders already made keep what they were given."
      query={query}
      loadingLabel="Loading the discount code"
      missingTitle="This discount code does not exist."
      failedTitle="The discount code could not be loaded."
      back={{ href: paths.dashboard.discountCodes.href(), label: 'Back to Discount Codes' }}
    >
      {(data) => (
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
    </EditRecordPage>
  );
}
