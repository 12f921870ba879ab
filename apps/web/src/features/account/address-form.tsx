import { SHIPPING_COUNTRIES, type ShippingAddress, shippingAddressSchema } from '@shop/contract/delivery';
import { type FormEvent, useState } from 'react';
import { Button } from '../../ui/button';
import { FormField } from '../../ui/form-field';

type AddressValues = Record<keyof ShippingAddress, string>;
type TextKey = Exclude<keyof ShippingAddress, 'country'>;

const EMPTY: AddressValues = { fullName: '', line1: '', line2: '', city: '', region: '', postalCode: '', country: '' };

/** The text fields in their order, with the browser's autofill names. */
const TEXT_FIELDS: { name: TextKey; label: string; autoComplete: string; half?: boolean }[] = [
  { name: 'fullName', label: 'Full name', autoComplete: 'shipping name' },
  { name: 'line1', label: 'Address line 1', autoComplete: 'shipping address-line1' },
  { name: 'line2', label: 'Address line 2 (optional)', autoComplete: 'shipping address-line2' },
  { name: 'city', label: 'City', autoComplete: 'shipping address-level2', half: true },
  { name: 'region', label: 'State / region (optional)', autoComplete: 'shipping address-level1', half: true },
  { name: 'postalCode', label: 'Postal code', autoComplete: 'shipping postal-code', half: true },
];

interface AddressFormProps {
  initial: ShippingAddress | null;
  saving: boolean;
  /** The server's refusal, if any. */
  problem: string | null;
  onSave: (address: ShippingAddress) => void;
  onCancel: () => void;
}

/** The delivery address, checked with the contract's schema before it is sent (the server checks it again). */
export function AddressForm({ initial, saving, problem, onSave, onCancel }: AddressFormProps) {
  const [values, setValues] = useState<AddressValues>(initial ?? EMPTY);
  const [errors, setErrors] = useState<Partial<AddressValues>>({});
  const set = (name: keyof ShippingAddress) => (value: string) => setValues((v) => ({ ...v, [name]: value }));

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    const parsed = shippingAddressSchema.safeParse(values);
    if (!parsed.success) {
      const found: Partial<AddressValues> = {};
      for (const issue of parsed.error.issues) found[issue.path[0] as keyof ShippingAddress] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    onSave(parsed.data);
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2" aria-label="Delivery address">
      {TEXT_FIELDS.map((field) => (
        <FormField
          key={field.name}
          id={`address-${field.name}`}
          label={field.label}
          error={errors[field.name]}
          className={field.half ? '' : 'sm:col-span-2'}
        >
          {(control) => (
            <input
              {...control}
              className="field"
              autoComplete={field.autoComplete}
              value={values[field.name]}
              onChange={(e) => set(field.name)(e.target.value)}
            />
          )}
        </FormField>
      ))}
      <FormField id="address-country" label="Country" error={errors.country}>
        {(control) => (
          <select
            {...control}
            className="field"
            autoComplete="shipping country"
            value={values.country}
            onChange={(e) => set('country')(e.target.value)}
          >
            <option value="">Choose a country</option>
            {Object.entries(SHIPPING_COUNTRIES).map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </select>
        )}
      </FormField>
      {problem && (
        <p role="alert" className="text-sm text-stop-dark sm:col-span-2">
          {problem}
        </p>
      )}
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        <Button type="submit" busy={saving}>
          Save address
        </Button>
        <Button variant="outline" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
