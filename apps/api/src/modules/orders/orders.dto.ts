import { toDollars } from '@shop/contract/money';
import type { Order } from '@shop/contract/orders';
import type { OrderItemRow, OrderLineFields, OrderRefundFields, OrderRefundRow, OrderRow } from './orders.queries';

export function toOrderDto(
  row: OrderRow,
  items: readonly OrderLineFields[],
  refunds: readonly OrderRefundFields[] = [],
): Order {
  return {
    _id: row.id,
    orderId: row.orderId,
    amount: toDollars(row.amountCents),
    subtotal: toDollars(row.subtotalCents),
    discount: row.discountCode ? { code: row.discountCode, amount: toDollars(row.discountCents) } : null,
    tax: toDollars(row.taxCents),
    shipping:
      row.shippingMethod && row.shippingAddress
        ? { method: row.shippingMethod, amount: toDollars(row.shippingCents), address: row.shippingAddress }
        : null,
    status: row.status,
    email: row.email,
    products: items.map((item) => ({
      _id: item.id,
      productId: item.productId,
      name: item.name,
      image: item.image,
      price: toDollars(item.unitPriceCents),
      quantity: item.quantity,
      size: item.size,
      colour: item.colour,
      sku: item.sku,
    })),
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    refunded: toDollars(row.refundedCents),
    refunds: refunds
      .filter((r) => r.status === 'succeeded')
      .map((r) => ({
        _id: r.id,
        kind: r.kind,
        amount: toDollars(r.amountCents),
        reason: r.reason,
        createdAt: r.createdAt.toISOString(),
      })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function groupBy<T extends { orderId: string }>(rows: readonly T[]): Map<string, T[]> {
  const byOrder = new Map<string, T[]>();
  for (const row of rows) {
    const list = byOrder.get(row.orderId);
    if (list) list.push(row);
    else byOrder.set(row.orderId, [row]);
  }
  return byOrder;
}

/** Orders with their items and refunds, in the order given. */
export function toOrderDtos(
  rows: readonly OrderRow[],
  items: readonly OrderItemRow[],
  refunds: readonly OrderRefundRow[] = [],
): Order[] {
  const itemsByOrder = groupBy(items);
  const refundsByOrder = groupBy(refunds);
  return rows.map((row) => toOrderDto(row, itemsByOrder.get(row.id) ?? [], refundsByOrder.get(row.id) ?? []));
}
