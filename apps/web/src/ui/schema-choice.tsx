import type { ReactNode } from 'react';
import type { FieldValues, Path, UseFormReturn } from 'react-hook-form';
import { SchemaField } from './schema-form';

type RegisterOnly<Values extends FieldValues> = Pick<UseFormReturn<Values>, 'register'>;

/** A schema form's yes-or-no field: the box inside its label, so the words beside it toggle it too. */
export function SchemaCheckbox<Values extends FieldValues>({
  form,
  name,
  className = '',
  children,
}: {
  form: RegisterOnly<Values>;
  name: Path<Values>;
  className?: string;
  children: ReactNode;
}) {
  return (
    <label className={`flex cursor-pointer items-start gap-3 text-sm ${className}`}>
      <input type="checkbox" {...form.register(name)} className="mt-0.5 size-4 accent-clay" />
      {children}
    </label>
  );
}

/** A schema form's one-of-a-few field: a legend over radio cards, each card its option's label. */
export function SchemaRadioCards<Values extends FieldValues, Option extends string>({
  form,
  name,
  legend,
  options,
  labels,
  className = '',
}: {
  form: RegisterOnly<Values>;
  name: Path<Values>;
  legend: string;
  options: readonly Option[];
  labels: Record<Option, ReactNode>;
  className?: string;
}) {
  return (
    <fieldset className={`min-w-0 ${className}`}>
      <legend className="field-label">{legend}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {options.map((option) => (
          <label
            key={option}
            className="flex cursor-pointer items-center gap-3 rounded-xl border border-sand px-4 py-3 text-sm has-[:checked]:border-clay has-[:checked]:bg-clay-soft/60 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-clay"
          >
            <input type="radio" value={option} {...form.register(name)} className="size-4 accent-clay" />
            {labels[option]}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

interface SchemaSelectProps<Values extends FieldValues> {
  form: Pick<UseFormReturn<Values>, 'register' | 'formState'>;
  name: Path<Values>;
  id: string;
  label: ReactNode;
  className?: string;
  /** Each choice as its value and what its option says. */
  options: readonly (readonly [value: string, text: ReactNode])[];
  /** The first option, of an empty value, while nothing is chosen. */
  placeholder?: string;
  autoComplete?: string;
  selectClassName?: string;
}

/** A schema form's pick from a list: a select in the one field, its label and error included. */
export function SchemaSelect<Values extends FieldValues>({
  options,
  placeholder,
  autoComplete,
  selectClassName = 'field',
  ...field
}: SchemaSelectProps<Values>) {
  return (
    <SchemaField {...field}>
      {(control) => (
        <select {...control} className={selectClassName} autoComplete={autoComplete}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map(([value, text]) => (
            <option key={value} value={value}>
              {text}
            </option>
          ))}
        </select>
      )}
    </SchemaField>
  );
}
