import type { Order } from '@shop/contract/orders';
import type { InspectReturnLineRequest, ReturnLine, ReturnOutcome, ReturnReason } from '@shop/contract/returns';
import { and, asc, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { auditLog, orderItems, productVariants, returnLines, returns, stockLedger } from '../db/schema';
import { reserveCart } from '../modules/inventory/inventory.service';
import { checkout, confirm, submitCard } from './checkout-test-kit';
import { makeCode } from './discount-test-kit';
import type { TestUser } from './factories';
import * as refundsShop from './refunds-test-kit';
import type { TestApp } from './test-app';

/**
 * Returns already received, written straight into their tables (the customer's request is another
 * module's), on orders bought through the real checkout; and the owner's decision over HTTP. The shop
 * is refunds-test-kit's (start it with `beforeAll(startRefundsShop)`) unless a file passes its own to
 * `useShop`.
 */

let chosen: { t: TestApp; admin: TestUser } | undefined;

/**
 * The shop the helpers work on: refunds-test-kit's, unless the file chose another (one that sends mail).
 * Test files share modules, so a file that chooses one chooses none again in its `afterAll`.
 */
export function useShop(shop: { t: TestApp; admin: TestUser } | undefined) {
  chosen = shop;
}
const shop = () => chosen ?? { t: refundsShop.t, admin: refundsShop.admin };

type Product = { id: string; name: string; image: string; category: string; color: string };

/** A paid order of `items`, with a percentage code when `percentOff` is given. */
export async function buy(
  user: TestUser,
  items: { product: { id: string }; size: string; quantity: number }[],
  percentOff?: number,
): Promise<{ order: Order; lines: (typeof orderItems.$inferSelect)[] }> {
  const code = percentOff ? (await makeCode(shop().t.app, shop().admin, { percentOff })).code : undefined;
  const cart = items.map((i) => ({ _id: i.product.id, quantity: i.quantity, size: i.size }));
  const opened = await checkout(shop().t.app, user, cart, code);
  expect(opened.statusCode, opened.body).toBe(200);
  const { id } = opened.json() as { id: string };
  expect((await submitCard(shop().t.app, id)).statusCode).toBe(303);
  const res = await confirm(shop().t.app, user, id);
  expect(res.statusCode, res.body).toBe(200);
  const order = res.json().order as Order;
  const lines = await shop()
    .t.db.select()
    .from(orderItems)
    .where(eq(orderItems.orderId, order._id))
    .orderBy(asc(orderItems.position), asc(orderItems.id));
  return { order, lines };
}

export interface ReturnedLineInput {
  itemId: string;
  quantity: number;
  reason?: ReturnReason;
  outcome?: ReturnOutcome;
  /** An exchange: the size sent instead, held now as the request would hold it. */
  exchangeFor?: { product: Product; size: string };
}

/** Holds `quantity` of a size for an exchange, as the customer's request does. */
async function holdExchange(product: Product, size: string, quantity: number) {
  const [variant] = await shop()
    .t.db.select()
    .from(productVariants)
    .where(and(eq(productVariants.productId, product.id), eq(productVariants.size, size)));
  if (!variant) throw new Error(`no size ${size}`);
  const holdId = await shop().t.db.transaction((tx) =>
    reserveCart(
      tx,
      [
        {
          productId: product.id,
          variantId: variant.id,
          name: product.name,
          image: product.image,
          size,
          color: variant.color,
          sku: variant.sku,
          unitPriceCents: 100,
          quantity,
          category: product.category as never,
        },
      ],
      null,
      new Date(Date.now() + 60 * 24 * 3600 * 1000),
    ),
  );
  return { variantId: variant.id, holdId };
}

/** A return of `lines` of the order, `status` received unless told; answers its id and its lines' ids. */
export async function receivedReturn(
  order: Order,
  lines: ReturnedLineInput[],
  status: 'requested' | 'received' = 'received',
): Promise<{ id: string; lineIds: string[] }> {
  const [ret] = await shop()
    .t.db.insert(returns)
    .values({ orderId: order._id, email: order.email, status, receivedAt: status === 'received' ? new Date() : null })
    .returning();
  if (!ret) throw new Error('return not made');
  const lineIds: string[] = [];
  for (const line of lines) {
    const exchange = line.exchangeFor
      ? await holdExchange(line.exchangeFor.product, line.exchangeFor.size, line.quantity)
      : undefined;
    const [row] = await shop()
      .t.db.insert(returnLines)
      .values({
        returnId: ret.id,
        orderItemId: line.itemId,
        quantity: line.quantity,
        reason: line.reason ?? 'changed_mind',
        outcome: line.outcome ?? (exchange ? 'exchange' : 'refund'),
        exchangeVariantId: exchange?.variantId,
        exchangeSize: line.exchangeFor?.size,
        exchangeHoldId: exchange?.holdId,
      })
      .returning();
    if (!row) throw new Error('return line not made');
    lineIds.push(row.id);
  }
  return { id: ret.id, lineIds };
}

export const inspect = (returnId: string, lineId: string, body: InspectReturnLineRequest, user?: TestUser) =>
  shop().t.app.inject({
    method: 'POST',
    url: `/api/returns/${returnId}/lines/${lineId}/inspect`,
    headers: (user ?? shop().admin).headers,
    payload: body,
  });

export async function lineRow(lineId: string) {
  const [row] = await shop().t.db.select().from(returnLines).where(eq(returnLines.id, lineId));
  if (!row) throw new Error('no such line');
  return row;
}

export const answeredLine = (body: { return: { lines: ReturnLine[] } }, lineId: string) =>
  body.return.lines.find((l) => l._id === lineId);

/** A product's sizes' counts: on hand and held. */
export async function sizesOf(productId: string) {
  const rows = await shop().t.db.select().from(productVariants).where(eq(productVariants.productId, productId));
  return Object.fromEntries(rows.map((r) => [r.size, { onHand: r.onHand, reserved: r.reserved }]));
}

/** A product's ledger movements of one reason, by size. */
export async function ledgerOf(productId: string, reason: 'return' | 'restock' | 'sale' | 'release') {
  return shop()
    .t.db.select({ size: productVariants.size, onHand: stockLedger.onHandDelta, reserved: stockLedger.reservedDelta })
    .from(stockLedger)
    .innerJoin(productVariants, eq(productVariants.id, stockLedger.variantId))
    .where(and(eq(productVariants.productId, productId), eq(stockLedger.reason, reason)));
}

export function auditRowsOf(returnId: string) {
  return shop()
    .t.db.select({ kind: auditLog.kind, details: auditLog.details })
    .from(auditLog)
    .where(and(eq(auditLog.targetType, 'return'), eq(auditLog.targetId, returnId)))
    .orderBy(asc(auditLog.id));
}
