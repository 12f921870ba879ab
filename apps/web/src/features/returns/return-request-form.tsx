import {
  RETURN_NOTE_MAX,
  RETURN_REASON_LABELS,
  RETURN_REASONS,
  type Return,
  type ReturnRequest,
} from '@shop/contract/returns';
import { useMemo, useState } from 'react';
import { get, type UseFormReturn, useWatch } from 'react-hook-form';
import { Button } from '../../ui/button';
import { SchemaCheckbox, SchemaRadioCards, SchemaSelect } from '../../ui/schema-choice';
import { SchemaField, useSchemaForm } from '../../ui/schema-form';
import { FormProblem } from '../../ui/status-message';
import { useFormProblem } from '../../ui/use-form-problem';
import {
  exchangeKey,
  type ReturnableLine,
  type ReturnLineValues,
  returnFormDefaults,
  returnFormSchema,
} from './return-request-values';
import { optionsText } from './return-words';
import { useRequestReturnMutation } from './returns.api';

type ReturnForm = UseFormReturn<{ lines: ReturnLineValues[] }, unknown, ReturnRequest>;

const REASON_OPTIONS = RETURN_REASONS.map((reason) => [reason, RETURN_REASON_LABELS[reason]] as const);
const OUTCOME_LABELS = { refund: 'Refund', exchange: 'Exchange for another size' } as const;

interface ReturnRequestFormProps {
  orderId: string;
  lines: readonly ReturnableLine[];
  onSent: (authorised: Return) => void;
}

/** The customer's return: the lines to send back, each with how many, why, and a refund or an exchange. */
export function ReturnRequestForm({ orderId, lines, onSent }: ReturnRequestFormProps) {
  // The lines as the form opened: a refetch (after a refused request) must not shift the fields' indexes
  // under what the customer filled; the server's reason says what changed.
  const [returnable] = useState(() => lines.filter((line) => line.returnable > 0));
  const schema = useMemo(() => returnFormSchema(orderId, returnable), [orderId, returnable]);
  const form = useSchemaForm(schema, returnFormDefaults(returnable));
  const [requestReturn, { isLoading }] = useRequestReturnMutation();
  const { problem, send } = useFormProblem();
  const selectionError = (get(form.formState.errors, 'selection') as { message?: string } | undefined)?.message;

  const onSubmit = form.handleSubmit(async (request) => {
    await send(async () => onSent((await requestReturn(request).unwrap()).return), 'The return could not be sent.');
  });

  return (
    <form onSubmit={onSubmit} noValidate className="space-y-6">
      <fieldset className="min-w-0 space-y-4">
        <legend className="font-display text-2xl text-ink">Items to send back</legend>
        {selectionError && (
          <p role="alert" className="text-sm text-stop-dark">
            {selectionError}
          </p>
        )}
        {returnable.map((line, index) => (
          <ReturnLineFields key={line.itemId} form={form} line={line} index={index} />
        ))}
      </fieldset>
      {problem && <FormProblem>{problem}</FormProblem>}
      <Button type="submit" busy={isLoading}>
        Request the return
      </Button>
    </form>
  );
}

/** One line: ticked, it asks how many, why, and what the customer wants instead. */
function ReturnLineFields({ form, line, index }: { form: ReturnForm; line: ReturnableLine; index: number }) {
  const selected = useWatch({ control: form.control, name: `lines.${index}.selected` });
  const outcome = useWatch({ control: form.control, name: `lines.${index}.outcome` });
  const id = `return-line-${index}`;
  const options = optionsText(line.colour, line.size);
  const canExchange = line.exchangeChoices.length > 0;

  return (
    <fieldset aria-label={line.name} className="min-w-0 rounded-2xl border border-sand bg-white p-4 sm:p-5">
      <SchemaCheckbox form={form} name={`lines.${index}.selected`}>
        <span>
          <span className="block font-medium text-ink">{line.name}</span>
          <span className="block text-xs text-muted">
            {options ? `${options} · ` : ''}
            {line.returnable} of {line.bought} can be returned
          </span>
        </span>
      </SchemaCheckbox>
      {selected && (
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <SchemaSelect
            form={form}
            name={`lines.${index}.quantity`}
            id={`${id}-quantity`}
            label="How many"
            options={Array.from({ length: line.returnable }, (_, i) => [String(i + 1), String(i + 1)] as const)}
          />
          <SchemaSelect
            form={form}
            name={`lines.${index}.reason`}
            id={`${id}-reason`}
            label="Reason"
            placeholder="Choose a reason"
            options={REASON_OPTIONS}
          />
          <SchemaField
            form={form}
            name={`lines.${index}.note`}
            id={`${id}-note`}
            label="Note"
            hint="Required when the reason is Other"
            className="sm:col-span-2"
          >
            {(control) => <textarea {...control} rows={2} maxLength={RETURN_NOTE_MAX} className="field" />}
          </SchemaField>
          {canExchange ? (
            <SchemaRadioCards
              form={form}
              name={`lines.${index}.outcome`}
              legend="Refund or exchange"
              options={['refund', 'exchange'] as const}
              labels={OUTCOME_LABELS}
              className="sm:col-span-2"
            />
          ) : (
            <p className="text-sm text-muted sm:col-span-2">
              A refund: no other size of this piece is in stock to exchange it for.
            </p>
          )}
          {canExchange && outcome === 'exchange' && <ExchangeSelect form={form} line={line} index={index} />}
        </div>
      )}
    </fieldset>
  );
}

/** The size (and, when the product has several, the colour) sent instead. */
function ExchangeSelect({ form, line, index }: { form: ReturnForm; line: ReturnableLine; index: number }) {
  const colours = new Set(line.exchangeChoices.map((choice) => choice.colour));
  const options = line.exchangeChoices.map(
    (choice) =>
      [
        exchangeKey(choice),
        colours.size > 1 ? `${choice.colourName}, size ${choice.size}` : `Size ${choice.size}`,
      ] as const,
  );
  return (
    <SchemaSelect
      form={form}
      name={`lines.${index}.exchange`}
      id={`return-line-${index}-exchange`}
      label={colours.size > 1 ? 'Exchange for (colour and size)' : 'Exchange for size'}
      placeholder="Choose a size"
      options={options}
      className="sm:col-span-2"
    />
  );
}
