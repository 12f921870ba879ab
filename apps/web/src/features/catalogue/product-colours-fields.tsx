import { COLORS } from '@shop/contract/constants';
import type { UseFormReturn } from 'react-hook-form';
import { useFieldArray } from 'react-hook-form';
import { capitalise } from '../../lib/capitalise';
import { Button } from '../../ui/button';
import { PlusIcon } from '../../ui/icons';
import { SchemaSelect } from '../../ui/schema-choice';
import { SchemaField } from '../../ui/schema-form';
import { ColourPicturesField } from './colour-pictures-field';
import { type ColoursFormValues, newColourValue } from './product-colours-values';

type ColoursForm = UseFormReturn<ColoursFormValues>;

/** The product's colours, the first its own: each with its key, name, swatch, own price and gallery. */
export function ProductColoursFields({ form }: { form: ColoursForm }) {
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'colours' });
  const colours = form.watch('colours');
  const listError = form.formState.errors.colours?.message ?? form.formState.errors.colours?.root?.message;
  return (
    <div className="space-y-4">
      {fields.map((field, at) => (
        <ColourRow
          key={field.id}
          form={form}
          at={at}
          name={colours[at]?.name || capitalise(colours[at]?.color ?? '')}
          onRemove={fields.length > 1 ? () => remove(at) : undefined}
        />
      ))}
      {fields.length < COLORS.length && (
        <Button variant="outline" size="sm" onClick={() => append(newColourValue(colours.map((c) => c.color)))}>
          <PlusIcon className="size-4" />
          Add a colour
        </Button>
      )}
      {listError && (
        <p role="alert" className="text-sm text-stop-dark">
          {listError}
        </p>
      )}
    </div>
  );
}

interface ColourRowProps {
  form: ColoursForm;
  at: number;
  name: string;
  /** Absent for the only colour: a product always has one. */
  onRemove: (() => void) | undefined;
}

function ColourRow({ form, at, name, onRemove }: ColourRowProps) {
  const id = `colour-${at}`;
  return (
    <fieldset className="min-w-0 space-y-4 rounded-xl border border-sand p-4 sm:p-5">
      <legend className="px-1 text-sm font-medium text-ink">
        {at === 0 ? `${name} (the product's own colour)` : name}
      </legend>
      <div className="grid gap-4 sm:grid-cols-4">
        <SchemaSelect
          form={form}
          name={`colours.${at}.color`}
          id={`${id}-key`}
          label="Colour"
          options={COLORS.map((c) => [c, capitalise(c)] as const)}
        />
        <SchemaField form={form} name={`colours.${at}.name`} id={`${id}-name`} label="Name" autoComplete="off" />
        <SchemaField form={form} name={`colours.${at}.swatch`} id={`${id}-swatch`} label="Swatch">
          {(control) => <input {...control} type="color" className="field h-11 cursor-pointer p-1" />}
        </SchemaField>
        <SchemaField
          form={form}
          name={`colours.${at}.price`}
          id={`${id}-price`}
          label="Price ($, optional)"
          type="number"
          inputMode="decimal"
          min="0.01"
          step="0.01"
          placeholder="Product's"
        />
      </div>
      <ColourPicturesField form={form} at={at} colourName={name} />
      {onRemove && (
        <div className="flex justify-end">
          <Button variant="stop" size="sm" onClick={onRemove}>
            Remove {name}
          </Button>
        </div>
      )}
    </fieldset>
  );
}
