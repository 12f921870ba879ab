import { zodResolver } from '@hookform/resolvers/zod';
import type { InputHTMLAttributes, ReactNode } from 'react';
import {
  type DefaultValues,
  type FieldError,
  type FieldValues,
  get,
  type Path,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { FormField } from './form-field';

/**
 * A form checked by one of the contract's schemas, the one the server checks it with: on submit, then
 * as the shopper corrects a field. Its inputs are registered, not controlled. A server-rendered form
 * passes no default values on purpose: a field with none takes the input's own value when it registers,
 * so what a shopper typed before the app ran is what the form sends. A form rendered in the browser only
 * (an admin's edit form) starts from `defaultValues`.
 */
export function useSchemaForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  defaultValues?: DefaultValues<z.input<Schema>>,
) {
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema),
    ...(defaultValues ? { defaultValues } : {}),
  });
}

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'form' | 'id' | 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'className'
>;

interface SchemaTextFieldProps<Values extends FieldValues> extends InputProps {
  form: Pick<UseFormReturn<Values>, 'register' | 'formState'>;
  name: Path<Values>;
  id: string;
  label: string;
  hint?: string;
  labelAside?: ReactNode;
}

/** One text input of a schema form, in the shared FormField: its label, hint and the schema's error for it. */
export function SchemaTextField<Values extends FieldValues>({
  form,
  name,
  id,
  label,
  hint,
  labelAside,
  ...input
}: SchemaTextFieldProps<Values>) {
  const error: FieldError | undefined = get(form.formState.errors, name);
  return (
    <FormField id={id} label={label} hint={hint} error={error?.message} labelAside={labelAside}>
      {(control) => <input {...input} {...control} {...form.register(name)} className="field" />}
    </FormField>
  );
}
