import { randomUUID } from 'node:crypto';
import type { FitAnswer } from '@shop/contract/fit';
import type { ReturnLineStatus, ReturnReason } from '@shop/contract/returns';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { orderItems, orders, returnLines, returns, reviews } from '../../db/schema';

let orderSeq = 0;

export interface BoughtLine {
  product: { id: string; name: string };
  size: string;
  quantity?: number;
}

/** An order of a customer's (by id, or a guest's when null), written as paid checkout leaves it. */
export async function placeOrder(
  db: Queryable,
  userId: string | null,
  lines: BoughtLine[],
  options: { status?: 'processing' | 'completed' | 'cancelled' | 'refunded'; createdAt?: Date } = {},
): Promise<string[]> {
  orderSeq += 1;
  const id = randomUUID();
  const subtotalCents = lines.reduce((sum, l) => sum + 1000 * (l.quantity ?? 1), 0);
  const taxCents = Math.round(subtotalCents * 0.05);
  await db.insert(orders).values({
    id,
    orderId: `pay_fit_${orderSeq}_${id.slice(0, 8)}`,
    checkoutSessionId: `cs_fit_${orderSeq}_${id.slice(0, 8)}`,
    userId,
    email: `fit-buyer-${orderSeq}@example.test`,
    status: options.status ?? 'completed',
    subtotalCents,
    taxCents,
    amountCents: subtotalCents + taxCents,
    ...(options.createdAt ? { createdAt: options.createdAt } : {}),
  });
  const items = await db
    .insert(orderItems)
    .values(
      lines.map((l, position) => ({
        orderId: id,
        productId: l.product.id,
        name: l.product.name,
        image: '/uploads/test.webp',
        unitPriceCents: 1000,
        quantity: l.quantity ?? 1,
        position,
        size: l.size,
      })),
    )
    .returning({ id: orderItems.id });
  return items.map((i) => i.id);
}

/** A return of one order line, decided as `status` says (refunded unless told). */
export async function returnItem(
  db: Queryable,
  itemId: string,
  reason: ReturnReason,
  options: { status?: ReturnLineStatus; quantity?: number; createdAt?: Date } = {},
): Promise<void> {
  const [item] = await db
    .select({ orderId: orderItems.orderId, userId: orders.userId, email: orders.email })
    .from(orderItems)
    .innerJoin(orders, eq(orders.id, orderItems.orderId))
    .where(eq(orderItems.id, itemId));
  if (!item) throw new Error('no such order line');
  const [made] = await db
    .insert(returns)
    .values({
      orderId: item.orderId,
      userId: item.userId,
      email: item.email,
      status: 'done',
      ...(options.createdAt ? { createdAt: options.createdAt } : {}),
    })
    .returning({ id: returns.id });
  if (!made) throw new Error('return not created');
  await db.insert(returnLines).values({
    returnId: made.id,
    orderItemId: itemId,
    quantity: options.quantity ?? 1,
    reason,
    outcome: 'refund',
    status: options.status ?? 'refunded',
  });
}

/** A review with a fit answer, written straight to the table (its author need not exist as a buyer). */
export async function reviewFit(db: Queryable, userId: string, productId: string, fit: FitAnswer | null) {
  await db.insert(reviews).values({ userId, productId, rating: 4, comment: 'Fit noted.', fit });
}
