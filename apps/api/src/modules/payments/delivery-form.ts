import {
  SHIPPING_METHODS,
  type ShippingAddress,
  type ShippingMethod,
  shippingAddressSchema,
} from '@shop/contract/delivery';

/** The address fields of the hosted checkout's form, named as the contract's address. */
export const ADDRESS_FIELDS = ['fullName', 'line1', 'line2', 'city', 'region', 'postalCode', 'country'] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type DeliveryField = AddressField | 'shippingMethod';

/** What the shopper typed, kept on a re-render. */
export type DeliveryFormValues = Record<DeliveryField, string>;

export const DELIVERY_MESSAGES = {
  missingAddress: 'Enter the shipping address.',
  method: 'Choose a shipping method.',
} as const;

export type DeliveryOutcome =
  | { result: 'valid'; address: ShippingAddress; method: ShippingMethod }
  | {
      result: 'invalid';
      /** The message above the button. */
      message: string;
      /** A message beside each field that is wrong. */
      fieldErrors: Partial<Record<DeliveryField, string>>;
    };

const text = (value: unknown) => (typeof value === 'string' ? value.slice(0, 300) : '');

/** The form's delivery fields as strings (anything else reads as empty), for checking and re-rendering. */
export function deliveryValuesOf(body: Record<string, unknown>): DeliveryFormValues {
  return {
    fullName: text(body.fullName),
    line1: text(body.line1),
    line2: text(body.line2),
    city: text(body.city),
    region: text(body.region),
    postalCode: text(body.postalCode),
    country: text(body.country),
    shippingMethod: text(body.shippingMethod),
  };
}

const isShippingMethod = (value: string): value is ShippingMethod =>
  (SHIPPING_METHODS as readonly string[]).includes(value);

/** Checks the address with the contract's schema and the method against the shop's methods. */
export function checkDelivery(values: DeliveryFormValues): DeliveryOutcome {
  const { shippingMethod, ...addressValues } = values;
  if (ADDRESS_FIELDS.every((field) => !addressValues[field].trim())) {
    return {
      result: 'invalid',
      message: DELIVERY_MESSAGES.missingAddress,
      fieldErrors: isShippingMethod(shippingMethod) ? {} : { shippingMethod: DELIVERY_MESSAGES.method },
    };
  }
  const parsed = shippingAddressSchema.safeParse(addressValues);
  const fieldErrors: Partial<Record<DeliveryField, string>> = {};
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as AddressField;
      fieldErrors[field] ??= issue.message;
    }
  }
  if (!isShippingMethod(shippingMethod)) fieldErrors.shippingMethod = DELIVERY_MESSAGES.method;
  const first = Object.values(fieldErrors)[0];
  if (first || !parsed.success)
    return { result: 'invalid', message: first ?? 'Check the shipping address.', fieldErrors };
  return { result: 'valid', address: parsed.data, method: shippingMethod as ShippingMethod };
}
