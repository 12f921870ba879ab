import { zodResolver } from '@hookform/resolvers/zod';
import type { InputHTMLAttributes, ReactNode } from 'react';
import {
  type DefaultValues,
  type FieldError,
  type FieldValues,
  get,
  type Path,
  type UseFormRegisterReturn,
  type UseFormReturn,
  useForm,
} from 'react-hook-form';
import type { z } from 'zod';
import { type FieldControlProps, FormField } from './form-field';

/**
 * A form checked by one of the contract's schemas, the one the server checks it with: on submit, then
 * as the shopper corrects a field. Its inputs are registered, not controlled. A server-rendered form
 * passes no default values on purpose: a field with none takes the input's own value when it registers,
 * so what a shopper typed before the app ran is what the form sends. A form rendered in the browser only
 * (an admin's edit form) starts from `defaultValues`. With `shouldUnregister`, a field that leaves the
 * screen leaves the values too, so a field only some choices show is checked only when shown.
 */
export function useSchemaForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  defaultValues?: DefaultValues<z.input<Schema>>,
  { shouldUnregister = false }: { shouldUnregister?: boolean } = {},
) {
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    resolver: zodResolver(schema),
    shouldUnregister,
    ...(defaultValues ? { defaultValues } : {}),
  });
}

type InputProps = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'form' | 'id' | 'name' | 'value' | 'defaultValue' | 'onChange' | 'onBlur' | 'className' | 'children'
>;

/** What a custom control spreads on itself: its label and error wiring and the form's registration. */
export type SchemaControlProps = FieldControlProps & UseFormRegisterReturn;

interface SchemaFieldProps<Values extends FieldValues> extends InputProps {
  form: Pick<UseFormReturn<Values>, 'register' | 'formState'>;
  name: Path<Values>;
  id: string;
  label: ReactNode;
  hint?: string | undefined;
  labelAside?: ReactNode;
  className?: string;
  /** A control other than a text input (a select, a textarea...); without it, a text input. */
  children?: (control: SchemaControlProps) => ReactNode;
}

/**
 * The one field of a schema form, in the shared FormField: its label, hint and the schema's error for it.
 * A text input by default; `children` renders any other control given the props that tie it in.
 */
export function SchemaField<Values extends FieldValues>({
  form,
  name,
  id,
  label,
  hint,
  labelAside,
  className,
  children,
  ...input
}: SchemaFieldProps<Values>) {
  const error: FieldError | undefined = get(form.formState.errors, name);
  return (
    <FormField id={id} label={label} hint={hint} error={error?.message} labelAside={labelAside} className={className}>
      {(control) => {
        const props = { ...control, ...form.register(name) };
        return children ? children(props) : <input {...input} {...props} className="field" />;
      }}
    </FormField>
  );
}
