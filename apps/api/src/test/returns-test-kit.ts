import type { Color } from '@shop/contract/constants';
import type { ReturnRequest } from '@shop/contract/returns';
import { asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Queryable } from '../db/client';
import { orderItems, orders, productVariants } from '../db/schema';
import { confirm, GOOD_CARD, GOOD_DELIVERY, openSession, submitCard } from './checkout-test-kit';
import { createProduct, type TestUser } from './factories';

/** The stock a returns test's product has unless it says otherwise: a few of three sizes. */
export const SIZES = [
  { size: 'S', onHand: 5 },
  { size: 'M', onHand: 5 },
  { size: 'L', onHand: 5 },
];

/** A product of clothing sizes, in the given colours (each with its own price when given). */
export function clothing(
  db: Queryable,
  options: { stock?: typeof SIZES; colours?: Color[]; priceCents?: number } = {},
) {
  return createProduct(db, {
    priceCents: options.priceCents ?? 3000,
    sizeScale: 'clothing',
    stock: options.stock ?? SIZES,
    colours: options.colours ?? ['black'],
    color: options.colours?.[0] ?? 'black',
  });
}

/** Buys `cart` through the real checkout; answers the order's id and its lines in the cart's order. */
export async function buy(app: FastifyInstance, db: Queryable, user: TestUser, cart: unknown[]) {
  const { id } = await openSession(app, user, cart);
  expect((await submitCard(app, id, GOOD_CARD, GOOD_DELIVERY)).statusCode).toBe(303);
  const res = await confirm(app, user, id);
  expect(res.statusCode, res.body).toBe(200);
  const orderId = res.json().order._id as string;
  const items = await db
    .select()
    .from(orderItems)
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItems.position));
  return { orderId, items };
}

/** Marks the order shipped as the owner does, which starts its return window. */
export async function ship(app: FastifyInstance, admin: TestUser, orderId: string) {
  const res = await app.inject({
    method: 'PATCH',
    url: `/api/orders/update-order-status/${orderId}`,
    headers: admin.headers,
    payload: { status: 'shipped' },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Moves the order's first shipment back in time, as if it had shipped `days` ago. */
export async function shippedDaysAgo(db: Queryable, orderId: string, days: number) {
  await db
    .update(orders)
    .set({ fulfilledAt: new Date(Date.now() - days * 24 * 60 * 60 * 1000) })
    .where(eq(orders.id, orderId));
}

export function askReturn(app: FastifyInstance, user: TestUser | undefined, body: ReturnRequest | unknown) {
  return app.inject({ method: 'POST', url: '/api/returns', headers: user?.headers ?? {}, payload: body as object });
}

/** What is available of a size, and what is held of it. */
export async function sizeOf(db: Queryable, productId: string, size: string, colour: Color = 'black') {
  const [row] = await db
    .select({ onHand: productVariants.onHand, reserved: productVariants.reserved })
    .from(productVariants)
    .where(
      sql`${productVariants.productId} = ${productId} and ${productVariants.size} = ${size} and ${productVariants.color} = ${colour}`,
    );
  return row;
}
