import { z } from 'zod';
import { idSchema } from './common';
import { COLORS } from './constants';
import { sizeSchema } from './inventory';

/** Where a shopper's request to hear about a sold-out size stands. */
export const BACK_IN_STOCK_STATUSES = ['unconfirmed', 'waiting', 'notified', 'unsubscribed'] as const;
export type BackInStockStatus = (typeof BACK_IN_STOCK_STATUSES)[number];

export { BACK_IN_STOCK_CONFIRM_PATH, BACK_IN_STOCK_UNSUBSCRIBE_PATH } from './constants';

/** A guest's request not confirmed within these days is deleted, its e-mail with it. */
export const BACK_IN_STOCK_CONFIRM_DAYS = 7;

/** The e-mail a guest is told at, trimmed and lower-cased as the shop keeps addresses. */
const guestEmailSchema = z
  .string({ message: 'Email is required' })
  .trim()
  .toLowerCase()
  .pipe(z.email({ message: 'Enter a valid email address' }).max(254));

/**
 * A shopper asks to be told when a sold-out size of a colour is back. A customer's e-mail comes from the
 * session (one click); a guest gives one and confirms it from the mailed link.
 */
export const backInStockRequestSchema = z.object({
  productId: idSchema,
  /** The colour whose size it is; the product's first colour when not given. */
  colour: z.enum(COLORS).optional(),
  size: sizeSchema,
  /** A guest's e-mail; ignored for a logged-in customer, whose e-mail is their account's. */
  email: guestEmailSchema.optional(),
});
export type BackInStockRequest = z.infer<typeof backInStockRequestSchema>;

/** The guest's form: only the e-mail, the size being the one chosen on the page. */
export const backInStockEmailFormSchema = z.object({ email: guestEmailSchema });
export type BackInStockEmailForm = z.infer<typeof backInStockEmailFormSchema>;

export const backInStockResponseSchema = z.object({
  /** waiting: the shopper will be told; unconfirmed: a guest must confirm from the mailed link first. */
  status: z.enum(['waiting', 'unconfirmed']),
  message: z.string(),
});
export type BackInStockResponse = z.infer<typeof backInStockResponseSchema>;

/** The token of a confirm or unsubscribe link (256 random bits, hex). */
export const backInStockTokenSchema = z.object({
  token: z.string({ message: 'The link is not valid' }).regex(/^[0-9a-f]{64}$/, 'The link is not valid'),
});
export type BackInStockToken = z.infer<typeof backInStockTokenSchema>;

export const BACK_IN_STOCK_MESSAGES = {
  waiting: "We'll email you when it's back.",
  checkInbox: 'Check your inbox to confirm.',
  inStock: 'This size is in stock: you can buy it now.',
  noSuchSize: 'This product does not come in that colour and size.',
  emailNeeded: 'Enter your email address to hear when it is back.',
  confirmed: "Confirmed: we'll email you when it's back.",
  unsubscribed: 'You will get no more emails about this size.',
  linkNotValid: 'This link is not valid. It may have been used up or changed.',
} as const;
