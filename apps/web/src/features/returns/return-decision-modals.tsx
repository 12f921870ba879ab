import { formatMoney } from '@shop/contract/money';
import { inspectReturnLineRequestSchema, RETURN_REJECT_REASON_MAX, type ReturnLine } from '@shop/contract/returns';
import { Modal, ModalActions } from '../../ui/modal';
import { SchemaCheckbox } from '../../ui/schema-choice';
import { SchemaField, useSchemaForm } from '../../ui/schema-form';
import { useModalSubmit } from '../../ui/use-modal-submit';
import { askedText, optionsText } from './return-words';
import { useInspectReturnLineMutation } from './returns.api';

const [acceptSchema, rejectSchema] = inspectReturnLineRequestSchema.options;

export type Decision = { kind: 'accept' | 'reject'; line: ReturnLine };

interface DecisionModalProps {
  returnId: string;
  decision: Decision | null;
  onClose: () => void;
}

/** The owner's decision on one received line, in a dialog: accept (and whether it is damaged) or reject. */
export function ReturnDecisionModal({ returnId, decision, onClose }: DecisionModalProps) {
  const title = decision?.kind === 'reject' ? 'Reject the item' : 'Accept the item';
  return (
    <Modal open={decision !== null} onClose={onClose} title={title}>
      {decision && (
        <>
          <LineSummary line={decision.line} />
          {decision.kind === 'accept' ? (
            <AcceptForm key={decision.line._id} returnId={returnId} line={decision.line} onClose={onClose} />
          ) : (
            <RejectForm key={decision.line._id} returnId={returnId} line={decision.line} onClose={onClose} />
          )}
        </>
      )}
    </Modal>
  );
}

function LineSummary({ line }: { line: ReturnLine }) {
  const options = optionsText(line.colour, line.size);
  return (
    <p className="mb-5 text-sm text-muted">
      <strong className="text-ink">
        {line.quantity} × {line.name}
      </strong>
      {options ? ` (${options})` : ''}: {askedText(line)}
    </p>
  );
}

interface DecisionFormProps {
  returnId: string;
  line: ReturnLine;
  onClose: () => void;
}

function AcceptForm({ returnId, line, onClose }: DecisionFormProps) {
  const form = useSchemaForm(acceptSchema, { decision: 'accept', damaged: false });
  const [inspect, { isLoading }] = useInspectReturnLineMutation();
  const { formRef, run } = useModalSubmit(onClose);
  const onSubmit = form.handleSubmit(({ damaged }) =>
    run(async () => {
      const { message, return: after } = await inspect({
        id: returnId,
        lineId: line._id,
        decision: 'accept',
        damaged,
      }).unwrap();
      const refunded = after.lines.find((l) => l._id === line._id)?.refunded ?? 0;
      return refunded > 0 ? `${message} ${formatMoney(refunded)} refunded.` : message;
    }, 'The item could not be accepted.'),
  );
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-5">
      <p className="text-sm text-ink">
        {line.outcome === 'refund'
          ? "The customer is refunded this item's share of what they paid."
          : 'The new size is sent to the customer.'}
      </p>
      <SchemaCheckbox form={form} name="damaged">
        <span>
          <span className="block font-medium text-ink">Damaged: do not restock</span>
          <span className="block text-xs text-muted">A damaged piece does not go back to stock.</span>
        </span>
      </SchemaCheckbox>
      <ModalActions onCancel={onClose} submitLabel="Accept" busy={isLoading} />
    </form>
  );
}

function RejectForm({ returnId, line, onClose }: DecisionFormProps) {
  const form = useSchemaForm(rejectSchema, { decision: 'reject', reason: '' });
  const [inspect, { isLoading }] = useInspectReturnLineMutation();
  const { formRef, run } = useModalSubmit(onClose);
  const onSubmit = form.handleSubmit(({ reason }) =>
    run(
      async () => (await inspect({ id: returnId, lineId: line._id, decision: 'reject', reason }).unwrap()).message,
      'The item could not be rejected.',
    ),
  );
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate className="space-y-5">
      <SchemaField
        form={form}
        name="reason"
        id="reject-reason"
        label="Why it is not accepted"
        hint="The customer reads this."
      >
        {(control) => <textarea {...control} rows={3} maxLength={RETURN_REJECT_REASON_MAX} className="field" />}
      </SchemaField>
      <ModalActions onCancel={onClose} submitLabel="Reject" busy={isLoading} />
    </form>
  );
}
