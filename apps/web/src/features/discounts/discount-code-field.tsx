import { type FormEvent, useEffect, useState } from 'react';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';
import type { AppliedDiscount } from './use-applied-discount';

interface DiscountCodeFieldProps extends Pick<AppliedDiscount, 'code' | 'check' | 'problem' | 'checking'> {
  onApply: (code: string) => void;
  onRemove: () => void;
  /** While the checkout is being opened nothing here may change. */
  disabled?: boolean;
}

/**
 * The cart panel's "Discount code": typed and applied, the server checks it against the cart and the
 * Order Summary shows what it takes off; refused, the server's message says why (expired, used up, not
 * for these items...). Its one rule here is that something is typed: the server decides the rest, so
 * this form needs no schema of its own (and the cart's code stays small).
 */
export function DiscountCodeField({
  code,
  check,
  problem,
  checking,
  onApply,
  onRemove,
  disabled,
}: DiscountCodeFieldProps) {
  const [text, setText] = useState(code ?? '');
  const [empty, setEmpty] = useState(false);
  // A code applied elsewhere (another tab's, a reload) shows as typed.
  useEffect(() => setText(code ?? ''), [code]);

  if (check) {
    return (
      <div className="flex items-center justify-between gap-3 rounded-xl border border-go/30 bg-white px-4 py-3">
        <p className="min-w-0 text-sm">
          <span className="field-label mb-0.5 block">Discount code</span>
          <span className="font-mono text-sm font-semibold tracking-wide text-go-dark">{check.code}</span>
          <span className="text-muted"> · {check.description}</span>
        </p>
        <button
          type="button"
          onClick={onRemove}
          disabled={disabled}
          className="shrink-0 rounded-full px-3 py-1.5 text-sm font-medium text-clay underline-offset-4 hover:underline disabled:opacity-50"
        >
          Remove<span className="sr-only"> discount code {check.code}</span>
        </button>
      </div>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) {
      // Emptied and applied: the code is taken off; with none applied, the shopper is asked for one.
      if (code) onRemove();
      else setEmpty(true);
      return;
    }
    setEmpty(false);
    onApply(text);
  };

  const error = empty ? 'Enter a discount code.' : checking ? undefined : (problem ?? undefined);
  return (
    <form onSubmit={submit} noValidate aria-label="Discount code">
      <FormField id="cart-discount-code" label="Discount code" error={error}>
        {(control) => (
          <div className="flex gap-2">
            <input
              {...control}
              value={text}
              onChange={(e) => setText(e.target.value)}
              maxLength={64}
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              disabled={disabled}
              className="field min-w-0 flex-1 font-mono uppercase placeholder:font-sans placeholder:normal-case"
              placeholder="Your code"
            />
            <Button type="submit" variant="outline" busy={checking} disabled={disabled} className="shrink-0 px-5">
              Apply
            </Button>
          </div>
        )}
      </FormField>
    </form>
  );
}
