import { toDollars } from '@shop/contract/money';
import type { Order } from '@shop/contract/orders';
import type { OrderItemRow, OrderRow } from './orders.queries';

export function toOrderDto(row: OrderRow, items: readonly OrderItemRow[]): Order {
  return {
    _id: row.id,
    orderId: row.orderId,
    amount: toDollars(row.amountCents),
    subtotal: toDollars(row.subtotalCents),
    tax: toDollars(row.taxCents),
    status: row.status,
    email: row.email,
    products: items.map((item) => ({
      productId: item.productId,
      name: item.name,
      image: item.image,
      price: toDollars(item.unitPriceCents),
      quantity: item.quantity,
      size: item.size,
      sku: item.sku,
    })),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Orders with their items, in the order given. */
export function toOrderDtos(rows: readonly OrderRow[], items: readonly OrderItemRow[]): Order[] {
  const byOrder = new Map<string, OrderItemRow[]>();
  for (const item of items) {
    const list = byOrder.get(item.orderId);
    if (list) list.push(item);
    else byOrder.set(item.orderId, [item]);
  }
  return rows.map((row) => toOrderDto(row, byOrder.get(row.id) ?? []));
}
