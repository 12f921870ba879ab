import type { ShippingAddress } from '@shop/contract/delivery';
import { TEST_CARDS } from '@shop/contract/orders';
import type { FastifyInstance } from 'fastify';
import type { TestUser } from './factories';

/** Small steps of the buy flow over HTTP, shared by the checkout, orders and concurrency tests. */

/** Opens a checkout session for `product`, as the cart panel sends it (with its discount code, if any). */
export function checkout(app: FastifyInstance, user: TestUser | undefined, product: unknown, discountCode?: string) {
  return app.inject({
    method: 'POST',
    url: '/api/orders/create-checkout-session',
    headers: user?.headers ?? {},
    payload: { product, userId: user?.id, ...(discountCode === undefined ? {} : { discountCode }) },
  });
}

export async function openSession(app: FastifyInstance, user: TestUser, product: unknown) {
  const res = await checkout(app, user, product);
  if (res.statusCode !== 200) throw new Error(`checkout failed: ${res.statusCode} ${res.body}`);
  return res.json() as { id: string; url: string };
}

export interface CardFields {
  cardNumber?: string;
  expiry?: string;
  cvc?: string;
  cardName?: string;
}

export const GOOD_CARD: Required<CardFields> = {
  cardNumber: TEST_CARDS.pays,
  expiry: '12 / 34',
  cvc: '123',
  cardName: 'Ada Lovelace',
};

/** The hosted checkout's delivery fields: the address (as the contract names it) and the method. */
export type DeliveryFields = Partial<Record<keyof ShippingAddress | 'shippingMethod', string>>;

export const GOOD_ADDRESS: ShippingAddress = {
  fullName: 'Ada Lovelace',
  line1: '12 St James Square',
  line2: 'Flat 3',
  city: 'London',
  region: '',
  postalCode: 'SW1Y 4JH',
  country: 'GB',
};

/** A delivery the page accepts: the good address, sent by Standard shipping. */
export const GOOD_DELIVERY: DeliveryFields = { ...GOOD_ADDRESS, shippingMethod: 'standard' };

/** Submits the hosted checkout's form as a browser would: the delivery fields and the card. */
export function submitCard(
  app: FastifyInstance,
  sessionId: string,
  fields: CardFields = GOOD_CARD,
  delivery: DeliveryFields = GOOD_DELIVERY,
) {
  return app.inject({
    method: 'POST',
    url: `/checkout/pay/${encodeURIComponent(sessionId)}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...delivery, ...fields } as Record<string, string>).toString(),
  });
}

export function confirm(app: FastifyInstance, user: TestUser | undefined, sessionId: unknown) {
  return app.inject({
    method: 'POST',
    url: '/api/orders/confirm-payment',
    headers: user?.headers ?? {},
    payload: { session_id: sessionId },
  });
}
