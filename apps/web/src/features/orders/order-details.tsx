import { TAX_PERCENT } from '@shop/contract/constants';
import { formatMoney, toCents, toDollars } from '@shop/contract/money';
import type { Order, OrderItem } from '@shop/contract/orders';
import { ONE_SIZE } from '@shop/contract/sizes';
import { OrderDelivery, shippingAmountText } from '../../ui/order-shipping';
import { OrderTracker } from '../../ui/order-tracker';
import { ProductLine } from '../../ui/product-line';
import { OrderRefunds } from './order-refunds';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short' });

/** The order with its four-step tracker, as /success and /orders/{orderId} show it. */
export function OrderDetails({ order }: { order: Order }) {
  return (
    <div className="space-y-10">
      <dl className="grid gap-5 rounded-2xl border border-sand bg-white p-6 text-sm sm:grid-cols-[1.6fr_1fr_0.6fr]">
        <div className="min-w-0">
          <dt className="field-label">Transaction ID</dt>
          <dd className="font-mono text-xs break-all text-ink">{order.orderId}</dd>
        </div>
        <div>
          <dt className="field-label">Placed</dt>
          <dd className="text-ink">{dateFormat.format(new Date(order.createdAt))}</dd>
        </div>
        <div>
          <dt className="field-label">Status</dt>
          <dd className="text-ink capitalize">{order.status}</dd>
        </div>
      </dl>

      <section aria-labelledby="tracker-title">
        <h2 id="tracker-title" className="font-display text-2xl text-ink">
          Order status
        </h2>
        <div className="mt-6">
          <OrderTracker status={order.status} />
        </div>
        {order.carrier && order.trackingNumber && (
          <dl className="mt-6 flex flex-wrap gap-x-10 gap-y-3 rounded-2xl border border-sand bg-white p-5 text-sm">
            <div>
              <dt className="field-label">Carrier</dt>
              <dd className="text-ink">{order.carrier}</dd>
            </div>
            <div className="min-w-0">
              <dt className="field-label">Tracking number</dt>
              <dd className="font-mono text-xs break-all text-ink">{order.trackingNumber}</dd>
            </div>
          </dl>
        )}
      </section>

      {order.shipping && (
        <section aria-labelledby="delivery-title">
          <h2 id="delivery-title" className="font-display text-2xl text-ink">
            Delivery
          </h2>
          <div className="mt-4">
            <OrderDelivery shipping={order.shipping} />
          </div>
        </section>
      )}

      <section aria-labelledby="items-title">
        <h2 id="items-title" className="font-display text-2xl text-ink">
          Items
        </h2>
        <ul className="mt-4 divide-y divide-sand border-y border-sand">
          {order.products.map((item) => (
            <OrderItemLine
              key={`${item.productId ?? `removed-${item.name}`}|${item.colour ?? ''}|${item.size ?? ''}`}
              item={item}
            />
          ))}
        </ul>
        <OrderTotals order={order} />
      </section>
      {order.refunds.length > 0 && <OrderRefunds refunds={order.refunds} />}
    </div>
  );
}

function OrderItemLine({ item }: { item: OrderItem }) {
  return (
    <ProductLine image={item.image} thumbnail="order" className="flex items-center gap-4 py-4">
      <div className="min-w-0 flex-1">
        <p className="font-display text-base text-ink">{item.name}</p>
        <OrderItemOptions item={item} />
        <p className="text-xs text-muted">
          {item.quantity} × {formatMoney(item.price)}
        </p>
      </div>
      <p className="text-sm tabular-nums">{formatMoney(toDollars(toCents(item.price) * item.quantity))}</p>
    </ProductLine>
  );
}

/** The line's colour and size, "Red · M"; a line from before colours says its size alone, as it did. */
function OrderItemOptions({ item }: { item: OrderItem }) {
  const size = item.size && item.size !== ONE_SIZE ? item.size : null;
  if (item.colour) return <p className="text-xs text-ink">{size ? `${item.colour} · ${size}` : item.colour}</p>;
  return size ? <p className="text-xs text-ink">Size {size}</p> : null;
}

function OrderTotals({ order }: { order: Order }) {
  return (
    <dl className="mt-4 ml-auto max-w-xs space-y-2 text-sm">
      <div className="flex justify-between">
        <dt className="text-muted">Total Price</dt>
        <dd className="tabular-nums">{formatMoney(order.subtotal)}</dd>
      </div>
      {order.discount && (
        <div className="flex justify-between gap-4">
          <dt className="text-muted">
            Discount <span className="font-mono text-xs tracking-wide text-ink">({order.discount.code})</span>
          </dt>
          <dd className="font-medium text-go-dark tabular-nums">−{formatMoney(order.discount.amount)}</dd>
        </div>
      )}
      <div className="flex justify-between">
        <dt className="text-muted">Tax ({TAX_PERCENT}%)</dt>
        <dd className="tabular-nums">{formatMoney(order.tax)}</dd>
      </div>
      {order.shipping && (
        <div className="flex justify-between">
          <dt className="text-muted">Shipping</dt>
          <dd className="tabular-nums">{shippingAmountText(order.shipping.amount)}</dd>
        </div>
      )}
      <div className="flex justify-between border-t border-sand pt-2 text-base font-semibold">
        <dt>Grand Total</dt>
        <dd className="tabular-nums">{formatMoney(order.amount)}</dd>
      </div>
      {order.refunded > 0 && (
        <div className="flex justify-between text-stop-dark">
          <dt>Refunded</dt>
          <dd className="tabular-nums">{formatMoney(order.refunded)}</dd>
        </div>
      )}
    </dl>
  );
}
