import { createHmac, timingSafeEqual } from 'node:crypto';
import { GUEST_ORDER_PATH } from '@shop/contract/constants';
import type { Queryable } from '../db/client';
import { sharedSecret } from './secrets';

/*
 * The link to a guest's order: the order's id and an HMAC of it under a key the shop keeps, so the link
 * names that one order, cannot be guessed or changed into another's, and needs nothing stored per order.
 * Here, not in the orders module, because the mails that carry the link are written by the mail module.
 */

const ORDER_LINK_SECRET = 'order-link-key';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Read once per database handle: the key never changes once made. */
const keys = new WeakMap<object, Promise<Buffer>>();

export function orderLinkKey(db: Queryable): Promise<Buffer> {
  let key = keys.get(db);
  if (!key) {
    key = sharedSecret(db, ORDER_LINK_SECRET);
    keys.set(db, key);
    key.catch(() => keys.delete(db));
  }
  return key;
}

const macOf = (key: Buffer, orderId: string) => createHmac('sha256', key).update(`order:${orderId}`).digest();

export function orderLinkToken(key: Buffer, orderId: string): string {
  return `${orderId}.${macOf(key, orderId).toString('base64url')}`;
}

/** The order a link's token names, or null for any token the shop did not make. */
export function orderIdOfLinkToken(key: Buffer, token: string): string | null {
  const [orderId, mac, extra] = token.split('.');
  if (!orderId || !mac || extra !== undefined || !UUID.test(orderId)) return null;
  const given = Buffer.from(mac, 'base64url');
  const expected = macOf(key, orderId);
  if (given.length !== expected.length || given.toString('base64url') !== mac) return null;
  return timingSafeEqual(given, expected) ? orderId : null;
}

export const guestOrderUrl = (publicUrl: string, token: string) => `${publicUrl}${GUEST_ORDER_PATH}/${token}`;
