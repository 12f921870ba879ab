import {
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  RETURN_STATUSES,
  type ReturnReason,
  type ReturnStatus,
  returnsQuerySchema,
} from '@shop/contract/returns';
import { useEffect } from 'react';
import { z } from 'zod';
import { FilterActions } from '../../ui/dashboard-kit/filter-bar';
import { SchemaSelect } from '../../ui/schema-choice';
import { SchemaField, useSchemaForm } from '../../ui/schema-form';

/** The owner's words for a return's status: the customer's ones speak to the customer. */
export const OWNER_STATUS_LABELS: Record<ReturnStatus, string> = {
  requested: 'Awaiting parcel',
  received: 'To inspect',
  done: 'Done',
};

/** The list's filters as the form holds them: an empty choice is "every". */
const returnsFilterSchema = z.object({
  status: z.union([z.enum(RETURN_STATUSES), z.literal('')]),
  reason: z.union([z.enum(RETURN_REASONS), z.literal('')]),
  q: z.union([returnsQuerySchema.shape.q.unwrap(), z.literal('')]),
});
export interface ReturnsFilters {
  status: ReturnStatus | '';
  reason: ReturnReason | '';
  q: string;
}

const STATUS_OPTIONS = RETURN_STATUSES.map((status) => [status, OWNER_STATUS_LABELS[status]] as const);
const REASON_OPTIONS = RETURN_REASONS.map((reason) => [reason, RETURN_REASON_LABELS[reason]] as const);
const NONE: ReturnsFilters = { status: '', reason: '', q: '' };

interface ReturnsFiltersFormProps {
  /** The filters in force (from the address), which the form starts from. */
  current: ReturnsFilters;
  onApply: (filters: ReturnsFilters) => void;
}

/** Status, reason, and a search by return number, order number or e-mail. */
export function ReturnsFiltersForm({ current, onApply }: ReturnsFiltersFormProps) {
  const form = useSchemaForm(returnsFilterSchema, current);
  const { status, reason, q } = current;
  useEffect(() => {
    form.reset({ status, reason, q });
  }, [form, status, reason, q]);

  return (
    <form
      onSubmit={form.handleSubmit((values) => onApply({ ...values, q: values.q.trim() }))}
      noValidate
      aria-label="Filter the returns"
      className="mb-6 grid gap-4 rounded-2xl border border-sand bg-white p-5 sm:grid-cols-2 lg:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1.4fr)_auto] lg:items-end"
    >
      <SchemaSelect
        form={form}
        name="status"
        id="returns-status"
        label="Status"
        placeholder="Every status"
        options={STATUS_OPTIONS}
      />
      <SchemaSelect
        form={form}
        name="reason"
        id="returns-reason"
        label="Reason"
        placeholder="Every reason"
        options={REASON_OPTIONS}
      />
      <SchemaField
        form={form}
        name="q"
        id="returns-search"
        label="Search"
        type="search"
        autoComplete="off"
        placeholder="Return, order or e-mail"
      />
      <FilterActions
        onClear={() => {
          form.reset(NONE);
          onApply(NONE);
        }}
      />
    </form>
  );
}
