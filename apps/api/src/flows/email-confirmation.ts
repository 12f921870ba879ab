/*
 * Confirming an account's e-mail: the link is used once, the account's e-mail marked confirmed, and the
 * orders placed with that e-mail without an account become the account's, in one transaction. It spans
 * accounts and orders, so it lives here and not in either.
 */
import { EMAIL_CONFIRMATION_MESSAGES } from '@shop/contract/users';
import type { Database } from '../db/client';
import { useEmailConfirmation } from '../modules/auth/email-confirmation.service';
import { claimGuestOrders } from '../modules/orders/orders.service';
import { notFound } from '../platform/errors';

export async function confirmEmail(db: Database, token: string): Promise<{ claimedOrders: number }> {
  return db.transaction(async (tx) => {
    const now = new Date();
    const account = await useEmailConfirmation(tx, token, now);
    if (!account) throw notFound(EMAIL_CONFIRMATION_MESSAGES.invalidLink);
    return { claimedOrders: await claimGuestOrders(tx, account, now) };
  });
}
