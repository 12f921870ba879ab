import { apiPaths } from '@shop/contract/api-paths';
import { isOk, send, textOf } from './http-client';
import type { LoadResult } from './load';
import type { BenchLine, BoughtOrder, Buyer } from './purchase';
import { measureSteps, purchase } from './purchase';

// A customer's return request under load: each buyer returns one piece at a time of its own shipped orders.

/** Orders each buyer makes before the measurement: lines of 99 pieces, each piece one request. */
const ORDERS_PER_BUYER = 6;
const PIECES_PER_LINE = 99;

/** The pieces of one buyer's orders still to return, one request each, in order. */
function piecesOf(orders: readonly BoughtOrder[]): { orderId: string; itemId: string }[] {
  return orders.flatMap((order) =>
    order.products.flatMap((item) =>
      Array.from({ length: item.quantity }, () => ({ orderId: order._id, itemId: item._id })),
    ),
  );
}

async function shipOrder(baseUrl: string, adminToken: string, orderId: string): Promise<void> {
  const shipped = await send(`${baseUrl}${apiPaths.updateOrderStatus(orderId)}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ status: 'shipped', carrier: 'Bench Post', trackingNumber: `BENCH-${orderId.slice(0, 8)}` }),
  });
  if (!isOk(shipped)) throw new Error(`ship: ${shipped.status} ${textOf(shipped)}`);
}

/**
 * Return requests per second and their time, with every buyer asking at once: each request returns one
 * piece of a shipped order for a refund (the order row is locked while its lines are counted, so a
 * buyer's requests on one order queue behind each other, as a customer's double click would).
 */
export async function measureReturnRequests(
  baseUrl: string,
  buyers: readonly Buyer[],
  adminToken: string,
  cart: readonly BenchLine[],
  settings: { durationSeconds: number; warmupSeconds: number },
): Promise<LoadResult> {
  const lines = cart.map((line) => ({ ...line, quantity: PIECES_PER_LINE }));
  const pieces = new Map<Buyer, { orderId: string; itemId: string }[]>();
  for (const buyer of buyers) {
    const orders: BoughtOrder[] = [];
    for (let i = 0; i < ORDERS_PER_BUYER; i++) orders.push(await purchase(baseUrl, buyer, lines));
    for (const order of orders) await shipOrder(baseUrl, adminToken, order._id);
    pieces.set(buyer, piecesOf(orders));
  }
  return measureSteps(
    buyers,
    async (buyer) => {
      const piece = pieces.get(buyer)?.shift();
      if (!piece) throw new Error('the buyer has no piece left to return: make more orders');
      const asked = await send(`${baseUrl}${apiPaths.returns}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${buyer.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          orderId: piece.orderId,
          lines: [{ itemId: piece.itemId, quantity: 1, reason: 'too_small', outcome: 'refund' }],
        }),
      });
      if (asked.status !== 201) throw new Error(`return request: ${asked.status} ${textOf(asked)}`);
    },
    settings,
  );
}
