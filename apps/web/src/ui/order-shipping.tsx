import {
  addressLines,
  type OrderShipping,
  SHIPPING_COUNTRIES,
  SHIPPING_METHOD_DELIVERY,
  SHIPPING_METHOD_LABELS,
  type ShippingAddress,
} from '@shop/contract/delivery';
import { formatMoney } from '@shop/contract/money';

/** What shipping cost, as the checkout said it: "Free" or the amount. */
export const shippingAmountText = (amount: number) => (amount === 0 ? 'Free' : formatMoney(amount));

/** "Express · $15.00": the method and what it cost. */
export const shippingMethodText = (shipping: OrderShipping) =>
  `${SHIPPING_METHOD_LABELS[shipping.method]} · ${shippingAmountText(shipping.amount)}`;

/** Where an order goes in a few words: "London, United Kingdom". */
const cityAndCountry = (address: ShippingAddress) => `${address.city}, ${SHIPPING_COUNTRIES[address.country]}`;

/** An address as lines, the country by name. */
export function AddressLines({ address, className = '' }: { address: ShippingAddress; className?: string }) {
  return (
    <address className={`not-italic ${className}`}>
      {addressLines(address).map((line, i) => (
        // Lines can repeat (a name that is also the street); their place is their identity.
        // biome-ignore lint/suspicious/noArrayIndexKey: the lines never reorder
        <span key={i} className="block">
          {line}
        </span>
      ))}
    </address>
  );
}

/** A table cell's short form: who, where and how ("Ada Lovelace, London, United Kingdom" / "Express · $15.00"). */
export function ShipToCell({ shipping }: { shipping: OrderShipping | null }) {
  if (!shipping) return <span className="text-muted">—</span>;
  const { address } = shipping;
  return (
    <span className="block min-w-36 text-sm">
      <span className="block text-ink">{address.fullName}</span>
      <span className="block text-xs text-muted">{cityAndCountry(address)}</span>
      <span className="block text-xs text-muted">{shippingMethodText(shipping)}</span>
    </span>
  );
}

/** One line under a customer in a table: "Ship to London, United Kingdom · Express"; nothing on older orders. */
export function ShipToNote({ shipping }: { shipping: OrderShipping | null }) {
  if (!shipping) return null;
  const { address, method } = shipping;
  return (
    <span className="mt-1 block text-xs text-muted">
      Ship to {cityAndCountry(address)} · {SHIPPING_METHOD_LABELS[method]}
    </span>
  );
}

/** The delivery block of an order page: where it goes and how. */
export function OrderDelivery({ shipping }: { shipping: OrderShipping }) {
  return (
    <dl className="grid gap-5 rounded-2xl border border-sand bg-white p-6 text-sm sm:grid-cols-2">
      <div className="min-w-0">
        <dt className="field-label">Ship to</dt>
        <dd className="text-ink">
          <AddressLines address={shipping.address} />
        </dd>
      </div>
      <div>
        <dt className="field-label">Shipping method</dt>
        <dd className="text-ink">{shippingMethodText(shipping)}</dd>
        <dd className="text-xs text-muted">{SHIPPING_METHOD_DELIVERY[shipping.method]}</dd>
      </div>
    </dl>
  );
}
