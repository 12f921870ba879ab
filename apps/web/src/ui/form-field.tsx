import type { ReactNode } from 'react';

/** What a field's control needs to be labelled and described: spread it on the input or select. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

interface FormFieldProps {
  id: string;
  label: ReactNode;
  /** Shown under the control in red, announced, and linked to it. */
  error?: string | undefined;
  hint?: string | undefined;
  /** Beside the label, at the end of its line (a "Forgot password?" link, say). */
  labelAside?: ReactNode;
  className?: string;
  /** The control itself (an input, a select...), given the props that tie it to its label, hint and error. */
  children: (control: FieldControlProps) => ReactNode;
}

/** One form field: label, control, hint and error, tied together for screen readers. */
export function FormField({ id, label, error, hint, labelAside, className, children }: FormFieldProps) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  const labelElement = (
    <label htmlFor={id} className="field-label">
      {label}
    </label>
  );
  return (
    <div className={className}>
      {labelAside ? (
        <div className="flex items-baseline justify-between gap-4">
          {labelElement}
          {labelAside}
        </div>
      ) : (
        labelElement
      )}
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': described || undefined })}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-muted">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-xs text-stop-dark">
          {error}
        </p>
      )}
    </div>
  );
}
