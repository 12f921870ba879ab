import { randomBytes } from 'node:crypto';
import type { DiscountCode, DiscountCodeInput } from '@shop/contract/discounts';
import type { FastifyInstance } from 'fastify';
import { checkout } from './checkout-test-kit';
import type { TestUser } from './factories';

/** Small steps with discount codes over HTTP, shared by the discount tests. */

/** A code nobody else's test uses. */
export const uniqueCode = (prefix = 'TEST') => `${prefix}${randomBytes(4).toString('hex').toUpperCase()}`;

export async function makeCode(
  app: FastifyInstance,
  admin: TestUser,
  input: Partial<DiscountCodeInput> = {},
): Promise<DiscountCode> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/discounts',
    headers: admin.headers,
    payload: { code: uniqueCode(), kind: 'percentage', percentOff: 10, ...input },
  });
  if (res.statusCode !== 201) throw new Error(`code not made: ${res.statusCode} ${res.body}`);
  return (res.json() as { code: DiscountCode }).code;
}

/** Opens a checkout session for `product` with a discount code, as the cart panel sends it. */
export const checkoutWithCode = (app: FastifyInstance, user: TestUser, product: unknown, discountCode: string) =>
  checkout(app, user, product, discountCode);

/** The cart panel's check of a code. */
export function checkCode(app: FastifyInstance, user: TestUser | undefined, product: unknown, code: string) {
  return app.inject({
    method: 'POST',
    url: '/api/discounts/check',
    headers: user?.headers ?? {},
    payload: { product, code },
  });
}

export async function readCode(app: FastifyInstance, admin: TestUser, id: string): Promise<DiscountCode> {
  const res = await app.inject({ method: 'GET', url: `/api/discounts/${id}`, headers: admin.headers });
  if (res.statusCode !== 200) throw new Error(`code not read: ${res.statusCode} ${res.body}`);
  return res.json() as DiscountCode;
}
