import { randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../../db/client';
import { invalid } from '../../platform/errors';
import {
  type BuiltinSessionRow,
  expireBuiltinSession,
  findBuiltinSession,
  insertBuiltinSession,
  markBuiltinSessionPaid,
} from './builtin.queries';
import { builtinRefund } from './builtin-refunds';
import type { PaymentProvider, ProviderSession } from './payment-provider';

/** Where the builtin provider serves its hosted checkout page. */
export const BUILTIN_PAY_PATH = '/checkout/pay';
export const BUILTIN_SESSION_PREFIX = 'cs_builtin_';

/**
 * The hosted page lives on the shop's own origin, so its links stay on whatever address the
 * shopper's browser used (localhost or 127.0.0.1, behind a proxy or not): a jump to another
 * origin would lose the session cookie and be blocked by the page's `form-action 'self'`.
 */
export const builtinPayUrl = (sessionId: string) => `${BUILTIN_PAY_PATH}/${encodeURIComponent(sessionId)}`;

/** The shop's own absolute URLs become paths; anything elsewhere is kept as given. */
export function sameOriginPath(url: string, publicUrl: string): string {
  const target = new URL(url, `${publicUrl}/`);
  return target.origin === new URL(publicUrl).origin ? `${target.pathname}${target.search}${target.hash}` : url;
}

export function builtinSessionStatus(row: BuiltinSessionRow, now: Date): ProviderSession['status'] {
  if (row.status === 'paid') return 'paid';
  return row.status === 'expired' || row.expiresAt.getTime() <= now.getTime() ? 'expired' : 'unpaid';
}

/**
 * Takes the payment of an open session, once: of two submits racing, one pays and the other
 * finds the session already paid. Answers the paid row, or nothing when it was not open.
 */
export function payBuiltinSession(db: Queryable, sessionId: string, now = new Date()) {
  const paymentId = `pi_builtin_${randomBytes(12).toString('hex')}`;
  return markBuiltinSessionPaid(db, sessionId, paymentId, now);
}

/**
 * A test-mode provider that needs no keys: sessions live in the shop's database (apart from the
 * shop's own records, as a real provider's would be) and the hosted page is served by the shop.
 */
export function createBuiltinProvider(db: Database, publicUrl: string): PaymentProvider {
  return {
    kind: 'builtin',

    async createCheckoutSession(input) {
      const id = `${BUILTIN_SESSION_PREFIX}${randomBytes(18).toString('base64url')}`;
      const subtotal = input.lineItems.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
      await insertBuiltinSession(db, {
        id,
        amountTotalCents: subtotal + input.taxCents,
        customerEmail: input.customerEmail,
        lineItems: input.lineItems,
        successUrl: sameOriginPath(input.successUrl, publicUrl),
        cancelUrl: sameOriginPath(input.cancelUrl, publicUrl),
        metadata: input.metadata,
        expiresAt: input.expiresAt,
      });
      return { id, url: builtinPayUrl(id) };
    },

    async retrieveSession(id) {
      const row = await findBuiltinSession(db, id);
      if (!row) return null;
      return {
        id: row.id,
        status: builtinSessionStatus(row, new Date()),
        amountTotalCents: row.amountTotalCents,
        paymentId: row.paymentId,
        metadata: row.metadata as Record<string, string>,
      };
    },

    async expireSession(id) {
      return (await expireBuiltinSession(db, id)) === 'paid' ? 'paid' : 'expired';
    },

    refund(input) {
      return builtinRefund(db, input);
    },

    parseWebhook() {
      // The builtin page fulfils the order itself; nothing may post events on its behalf.
      throw invalid('The builtin payment provider does not send webhooks');
    },
  };
}
