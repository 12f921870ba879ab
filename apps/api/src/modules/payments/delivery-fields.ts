import {
  FREE_STANDARD_SHIPPING_FROM_CENTS,
  SHIPPING_COUNTRIES,
  SHIPPING_METHOD_DELIVERY,
  SHIPPING_METHOD_LABELS,
  SHIPPING_METHODS,
  type ShippingAddress,
  type ShippingMethod,
} from '@shop/contract/delivery';
import { formatMoney, toDollars } from '@shop/contract/money';
import type { DeliveryField, DeliveryFormValues } from './delivery-form';
import { html, type SafeHtml } from './html';

const money = (cents: number) => formatMoney(toDollars(cents));

/** A shipping price as the page says it. */
export const shippingText = (cents: number) => (cents === 0 ? 'Free' : money(cents));

/**
 * One value per shipping method, of which the page shows the chosen one: CSS (`:has`) follows the
 * checked radio, so the totals change with the method without any script, and a browser without
 * `:has` shows Standard's, the method checked first.
 */
export function byMethod(render: (method: ShippingMethod) => string): SafeHtml {
  return html`${SHIPPING_METHODS.map((method) => html`<span class="for-${method}">${render(method)}</span>`)}`;
}

/** The form's starting values: what was posted, else the customer's saved address, else empty. */
export function initialDeliveryValues(saved: ShippingAddress | null): DeliveryFormValues {
  return {
    fullName: saved?.fullName ?? '',
    line1: saved?.line1 ?? '',
    line2: saved?.line2 ?? '',
    city: saved?.city ?? '',
    region: saved?.region ?? '',
    postalCode: saved?.postalCode ?? '',
    country: saved?.country ?? '',
    shippingMethod: 'standard',
  };
}

type Errors = Partial<Record<DeliveryField, string>>;

const errorOf = (field: DeliveryField, errors: Errors) =>
  errors[field] ? html`<p class="field-error" id="${field}-error">${errors[field]}</p>` : '';

const invalidAttrs = (field: DeliveryField, errors: Errors) =>
  errors[field] ? html` aria-invalid="true" aria-describedby="${field}-error"` : '';

function textField(
  field: Exclude<DeliveryField, 'country' | 'shippingMethod'>,
  label: string,
  autocomplete: string,
  maxlength: number,
  values: DeliveryFormValues,
  errors: Errors,
) {
  return html`<div><label for="${field}">${label}</label><input id="${field}" name="${field}" autocomplete="${autocomplete}" maxlength="${maxlength}" value="${values[field]}"${invalidAttrs(field, errors)}>${errorOf(field, errors)}</div>`;
}

function countryField(values: DeliveryFormValues, errors: Errors) {
  const options = Object.entries(SHIPPING_COUNTRIES).map(
    ([code, name]) => html`<option value="${code}"${values.country === code ? html` selected` : ''}>${name}</option>`,
  );
  return html`<div><label for="country">Country</label><select id="country" name="country" autocomplete="shipping country"${invalidAttrs('country', errors)}><option value="">Choose a country</option>${options}</select>${errorOf('country', errors)}</div>`;
}

/** The shipping address and method of the hosted checkout's form; `shippingCents` prices each method. */
export function renderDeliveryFields(
  values: DeliveryFormValues,
  errors: Errors,
  shippingCents: (method: ShippingMethod) => number,
): SafeHtml {
  const checked = SHIPPING_METHODS.includes(values.shippingMethod as ShippingMethod)
    ? values.shippingMethod
    : 'standard';
  const methods = SHIPPING_METHODS.map((method) => {
    const cents = shippingCents(method);
    const note = method === 'standard' && cents > 0 ? ` · free from ${money(FREE_STANDARD_SHIPPING_FROM_CENTS)}` : '';
    return html`<label class="method" for="ship-${method}"><input type="radio" id="ship-${method}" name="shippingMethod" value="${method}"${
      checked === method ? html` checked` : ''
    }><span class="method-text"><span class="method-name">${SHIPPING_METHOD_LABELS[method]}</span><span class="method-time">${SHIPPING_METHOD_DELIVERY[method]}${note}</span></span><span class="method-price">${shippingText(cents)}</span></label>`;
  });
  return html`<fieldset>
    <legend>Shipping address</legend>
    ${textField('fullName', 'Full name', 'shipping name', 100, values, errors)}
    ${textField('line1', 'Address line 1', 'shipping address-line1', 200, values, errors)}
    ${textField('line2', 'Address line 2 (optional)', 'shipping address-line2', 200, values, errors)}
    <div class="row">
      ${textField('city', 'City', 'shipping address-level2', 100, values, errors)}
      ${textField('region', 'State / region (optional)', 'shipping address-level1', 100, values, errors)}
    </div>
    <div class="row">
      ${textField('postalCode', 'Postal code', 'shipping postal-code', 20, values, errors)}
      ${countryField(values, errors)}
    </div>
  </fieldset>
  <fieldset class="methods"${invalidAttrs('shippingMethod', errors)}>
    <legend>Shipping method</legend>
    ${methods}
    ${errorOf('shippingMethod', errors)}
  </fieldset>`;
}
