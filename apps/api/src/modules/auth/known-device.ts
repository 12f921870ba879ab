import { createHmac, timingSafeEqual } from 'node:crypto';

/** The cookie a browser gets when it logs in: it proves a later login comes from the account's own browser. */
export const DEVICE_COOKIE = 'shop_device';
export const DEVICE_COOKIE_DAYS = 365;

const mac = (secret: Buffer, payload: string) => createHmac('sha256', secret).update(payload).digest('base64url');

/** `{userId}.{issued, seconds}.{HMAC}`: no personal data, and no server state to look up. */
export function deviceCookieValue(secret: Buffer, userId: string, now = new Date()): string {
  const payload = `${userId}.${Math.floor(now.getTime() / 1000)}`;
  return `${payload}.${mac(secret, payload)}`;
}

/** The account a device cookie was issued to, when the cookie is genuine and not older than a year. */
export function deviceUserId(secret: Buffer, cookie: string | undefined, now = new Date()): string | null {
  const parts = cookie?.split('.');
  if (parts?.length !== 3) return null;
  const [userId, issued, signature] = parts as [string, string, string];
  const expected = Buffer.from(mac(secret, `${userId}.${issued}`));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const ageSeconds = now.getTime() / 1000 - Number(issued);
  return ageSeconds >= 0 && ageSeconds < DEVICE_COOKIE_DAYS * 86_400 ? userId : null;
}
