import { toDollars } from '@shop/contract/money';
import { type Return, type ReturnLine, returnNumberOf } from '@shop/contract/returns';
import type { ReturnLineRow, ReturnRow } from './returns.queries';

// A return as the API answers it: mapped field by field, so no column reaches a client by accident.

export { returnNumberOf };

export function toReturnLineDto(row: ReturnLineRow): ReturnLine {
  return {
    _id: row.id,
    itemId: row.orderItemId,
    productId: row.productId,
    name: row.name,
    image: row.image,
    size: row.size,
    colour: row.colour,
    quantity: row.quantity,
    reason: row.reason,
    note: row.note,
    outcome: row.outcome,
    exchangeSize: row.exchangeSize,
    exchangeColour: row.exchangeColour,
    status: row.status,
    refunded: row.refundedCents === null ? null : toDollars(row.refundedCents),
    damaged: row.damaged,
    rejectReason: row.rejectReason,
  };
}

export function toReturnDto(row: ReturnRow, lines: readonly ReturnLineRow[]): Return {
  return {
    _id: row.id,
    number: returnNumberOf(row.number),
    orderId: row.orderId,
    orderNumber: row.orderNumber,
    email: row.email,
    status: row.status,
    lines: lines.filter((l) => l.returnId === row.id).map(toReturnLineDto),
    createdAt: row.createdAt.toISOString(),
    receivedAt: row.receivedAt?.toISOString() ?? null,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Returns in the order of `ids` (the order their list asked for), each with its lines. */
export function toReturnDtos(ids: readonly string[], rows: readonly ReturnRow[], lines: readonly ReturnLineRow[]) {
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toReturnDto(row, lines)] : [];
  });
}
