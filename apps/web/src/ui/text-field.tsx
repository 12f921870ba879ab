import type { InputHTMLAttributes } from 'react';
import { FormField } from './form-field';

interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value' | 'id'> {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
}

/** The common case of a FormField: one text input. */
export function TextField({ id, label, value, onChange, error, hint, ...input }: TextFieldProps) {
  return (
    <FormField id={id} label={label} error={error} hint={hint}>
      {(control) => (
        <input {...input} {...control} value={value} onChange={(e) => onChange(e.target.value)} className="field" />
      )}
    </FormField>
  );
}
