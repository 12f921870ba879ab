import { AUDIT_KIND_LABELS, AUDIT_KINDS, type AuditFilterForm, auditFilterFormSchema } from '@shop/contract/audit';
import { useEffect } from 'react';
import { FilterActions } from '../../ui/dashboard-kit/filter-bar';
import { FormField } from '../../ui/form-field';
import { SchemaField, useSchemaForm } from '../../ui/schema-form';

interface AuditLogFiltersProps {
  /** The filters in force (from the address), which the form starts from. */
  current: AuditFilterForm;
  onApply: (filters: AuditFilterForm) => void;
  onClear: () => void;
}

/** Who, what kind of action, and between which days. */
export function AuditLogFilters({ current, onApply, onClear }: AuditLogFiltersProps) {
  const form = useSchemaForm(auditFilterFormSchema);
  const { actor = '', kind = '', from = '', to = '' } = current;
  useEffect(() => {
    form.reset({ actor, kind, from, to });
  }, [form, actor, kind, from, to]);

  return (
    <form
      onSubmit={form.handleSubmit(onApply)}
      noValidate
      aria-label="Filter the audit log"
      className="mb-6 grid gap-4 rounded-2xl border border-sand bg-white p-5 sm:grid-cols-2 lg:grid-cols-[minmax(0,1.3fr)_minmax(0,1.1fr)_minmax(9.5rem,1fr)_minmax(9.5rem,1fr)_auto] lg:items-end"
    >
      <SchemaField
        form={form}
        name="actor"
        id="audit-actor"
        label="Who (e-mail)"
        type="email"
        autoComplete="off"
        placeholder="admin@shop.local"
      />
      <FormField id="audit-kind" label="Action" error={form.formState.errors.kind?.message}>
        {(control) => (
          <select {...control} {...form.register('kind')} className="field">
            <option value="">Every action</option>
            {AUDIT_KINDS.map((k) => (
              <option key={k} value={k}>
                {AUDIT_KIND_LABELS[k]}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <SchemaField form={form} name="from" id="audit-from" label="From" type="date" />
      <SchemaField form={form} name="to" id="audit-to" label="To" type="date" />
      <FilterActions
        onClear={() => {
          form.reset({ actor: '', kind: '', from: '', to: '' });
          onClear();
        }}
      />
    </form>
  );
}
