import { useState } from 'react';
import { FormField } from '../../ui/form-field';
import { looksLikeEmail } from './guest-email';

interface GuestEmailFieldProps {
  email: string;
  onChange: (email: string) => void;
  /** A discount code is applied: a guest then needs the e-mail its limit per customer is counted against. */
  required: boolean;
  disabled?: boolean;
}

/**
 * The cart panel's e-mail for a shopper who is not logged in: where the receipt and the order's link go.
 * Optional (the payment page asks for it otherwise) unless a discount code is applied.
 */
export function GuestEmailField({ email, onChange, required, disabled }: GuestEmailFieldProps) {
  const [touched, setTouched] = useState(false);
  const typed = email.trim();
  let error: string | undefined;
  if (touched && typed && !looksLikeEmail(typed)) error = 'Enter a valid email address.';
  else if (required && !typed) error = 'Enter your email to use a discount code without an account.';
  return (
    <FormField
      id="cart-guest-email"
      label={required ? 'Email' : 'Email (optional)'}
      hint="No account needed: your receipt and a link to follow your order go here."
      error={error}
    >
      {(control) => (
        <input
          {...control}
          type="email"
          value={email}
          onChange={(e) => onChange(e.target.value)}
          onBlur={() => setTouched(true)}
          maxLength={254}
          autoComplete="email"
          inputMode="email"
          disabled={disabled}
          className="field"
          placeholder="you@example.com"
        />
      )}
    </FormField>
  );
}
