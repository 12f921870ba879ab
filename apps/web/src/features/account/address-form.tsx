import { SHIPPING_COUNTRIES, type ShippingAddress, shippingAddressSchema } from '@shop/contract/delivery';
import { Button } from '../../ui/button';
import { SchemaSelect } from '../../ui/schema-choice';
import { SchemaField, useSchemaForm } from '../../ui/schema-form';

type TextKey = Exclude<keyof ShippingAddress, 'country'>;

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
  const form = useSchemaForm(shippingAddressSchema, initial ?? undefined);
  const onSubmit = form.handleSubmit(onSave);

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4 sm:grid-cols-2" aria-label="Delivery address">
      {TEXT_FIELDS.map((field) => (
        <SchemaField
          key={field.name}
          form={form}
          name={field.name}
          id={`address-${field.name}`}
          label={field.label}
          autoComplete={field.autoComplete}
          className={field.half ? '' : 'sm:col-span-2'}
        />
      ))}
      <SchemaSelect
        form={form}
        name="country"
        id="address-country"
        label="Country"
        options={Object.entries(SHIPPING_COUNTRIES)}
        placeholder="Choose a country"
        autoComplete="shipping country"
      />
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
