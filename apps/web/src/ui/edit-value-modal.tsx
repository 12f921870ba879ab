import type { ReactNode } from 'react';
import type { DefaultValues, FieldValues, Path, UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { Modal, ModalActions } from './modal';
import { SchemaSelect } from './schema-choice';
import { useSchemaForm } from './schema-form';
import type { DialogProps } from './use-dialog';
import { useModalSubmit } from './use-modal-submit';

/** What one edit asks: the record being changed, the value's choices and the call that saves it. */
export interface ValueEdit<Values extends FieldValues> {
  /** Names the record, so a new record starts a new form. */
  key: string;
  schema: z.ZodType<Values, Values>;
  defaultValues: DefaultValues<Values>;
  /** What is being changed (an order, an account), shown above the choice. */
  current: ReactNode;
  field: { name: Path<Values>; id: string; label: string; choices: readonly string[]; className?: string };
  /** More fields some choices ask for (a shipped order's carrier, say). */
  more?: (form: UseFormReturn<Values>) => ReactNode;
  /** The call, which throws when it fails. */
  save: (values: Values) => Promise<unknown>;
  saved: string;
  failed: string;
}

interface EditValueModalProps<Values extends FieldValues> extends DialogProps {
  title: string;
  submitLabel: string;
  busy: boolean;
  edit: ValueEdit<Values> | null;
}

/** An admin's edit of one value of a record: the record, a select of choices, then save or cancel. */
export function EditValueModal<Values extends FieldValues>({
  open,
  onClose,
  title,
  edit,
  ...form
}: EditValueModalProps<Values>) {
  return (
    <Modal open={open} onClose={onClose} title={title}>
      {edit && <EditValueFields key={edit.key} edit={edit} onClose={onClose} {...form} />}
    </Modal>
  );
}

interface EditValueFieldsProps<Values extends FieldValues> {
  edit: ValueEdit<Values>;
  onClose: () => void;
  submitLabel: string;
  busy: boolean;
}

function EditValueFields<Values extends FieldValues>({
  edit,
  onClose,
  submitLabel,
  busy,
}: EditValueFieldsProps<Values>) {
  const form: UseFormReturn<Values> = useSchemaForm(edit.schema, edit.defaultValues, { shouldUnregister: true });
  const { formRef, run } = useModalSubmit(onClose);
  const { field } = edit;

  const onSubmit = form.handleSubmit((values) =>
    run(async () => {
      await edit.save(values);
      return edit.saved;
    }, edit.failed),
  );

  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-5">
      {edit.current}
      <SchemaSelect
        form={form}
        name={field.name}
        id={field.id}
        label={field.label}
        options={field.choices.map((choice) => [choice, choice] as const)}
        selectClassName={field.className ?? 'field'}
      />
      {edit.more?.(form)}
      <ModalActions onCancel={onClose} submitLabel={submitLabel} busy={busy} />
    </form>
  );
}
