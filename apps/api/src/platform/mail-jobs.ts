import { createHash } from 'node:crypto';
import type { MailKind } from '@shop/contract/mail';
import type { Queryable } from '../db/client';
import type { JobQueue } from './job-queue';

/*
 * The mail queue's side that every module writes to, beside the queue's declaration in job-queue.ts: an
 * event queues its mail in its own transaction (an order, a shipment, a refund, a password reset), and the
 * mail module works the queue. Here, not in the mail module, so that the modules that cause mails and the
 * mail module that reads their records to write them never import each other.
 */

/**
 * The event a mail is about, which is also what makes it one mail: `order-confirmation:<order id>`,
 * `order-shipped:<order id>` (shipped without tracking), `order-shipped:<order id>:<tracking tag>`
 * (shipped with that carrier and tracking number), `refund-issued:<refund id>`,
 * `password-reset:<reset token id>`, `back-in-stock-confirm:<request id>` (a guest confirms a request),
 * `back-in-stock:<request id>` (the size is back).
 */
export type MailEventKey = `${MailKind}:${string}`;

/** The kind, the id and (for a shipped mail that tells tracking) the tracking tag of an event's key. */
export type MailEvent = { kind: MailKind; id: string; tracking?: string };

export const mailEventKey = (kind: MailKind, id: string): MailEventKey => `${kind}:${id}`;

export interface ShipmentTracking {
  carrier: string | null;
  trackingNumber: string | null;
}

/** Names a carrier and tracking number in a mail's key, or null when the order has neither. */
export function trackingTag({ carrier, trackingNumber }: ShipmentTracking): string | null {
  if (carrier === null && trackingNumber === null) return null;
  return createHash('sha256')
    .update(JSON.stringify([carrier, trackingNumber]))
    .digest('hex')
    .slice(0, 16);
}

/**
 * The shipped mail that tells the order's tracking as it is now: one mail per carrier and tracking
 * number the order ships with, and one for shipping without any, so the customer learns every number
 * once and the same change made twice mails nothing more.
 */
export function shippedMailEventKey(orderId: string, tracking: ShipmentTracking): MailEventKey {
  const tag = trackingTag(tracking);
  return tag === null ? mailEventKey('order-shipped', orderId) : `order-shipped:${orderId}:${tag}`;
}

/**
 * Writes the mail's job in the transaction of the event that causes it: the mail exists exactly when
 * the event committed. `sealed` carries what the shop keeps nowhere else (a password reset's token),
 * encrypted with the shop's mail key.
 */
export async function enqueueMail(
  jobs: JobQueue,
  tx: Queryable,
  eventKey: MailEventKey,
  sealed?: string,
): Promise<void> {
  await jobs.send(tx, 'mail', sealed === undefined ? { eventKey } : { eventKey, sealed });
}

/**
 * Writes many mails' jobs in one statement, in the transaction of their event (a restock tells its
 * waiting shoppers by the thousand). Of mails waiting at once, a higher `priority` is sent first.
 */
export async function enqueueMails(
  jobs: JobQueue,
  tx: Queryable,
  mails: readonly { eventKey: MailEventKey; sealed: string; priority: number }[],
): Promise<void> {
  await jobs.sendMany(
    tx,
    'mail',
    mails.map(({ eventKey, sealed, priority }) => ({ data: { eventKey, sealed }, priority })),
  );
}
