import { randomBytes } from 'node:crypto';
import { type ShippingAddress, type ShippingMethod, shippingCentsFor } from '@shop/contract/delivery';
import type { Database, Queryable } from '../../db/client';
import { invalid } from '../../platform/errors';
import {
  type BuiltinPaidDelivery,
  type BuiltinSessionRow,
  expireBuiltinSession,
  findBuiltinSession,
  insertBuiltinSession,
  markBuiltinSessionPaid,
} from './builtin.queries';
import { builtinRefund } from './builtin-refunds';
import { checkoutLinesSchema, type PaymentProvider, type ProviderSession } from './payment-provider';

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

export interface BuiltinCharge {
  subtotalCents: number;
  /** What the session's discount code takes off the items. */
  discountCents: number;
  taxCents: number;
  shippingCents: number;
  totalCents: number;
}

/**
 * What an open session charges with a shipping method: its items, discount and tax as the shop priced
 * them, and shipping priced from the items after the discount (tax is never charged on shipping).
 */
export function builtinCharge(session: BuiltinSessionRow, method: ShippingMethod): BuiltinCharge {
  const parsed = checkoutLinesSchema.safeParse(session.lineItems);
  const subtotalCents = parsed.success ? parsed.data.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0) : 0;
  const discountCents = session.discountCents;
  // Sessions opened before delivery have only the items and tax in their total.
  const itemsTotalCents = session.itemsTotalCents ?? session.amountTotalCents;
  const shippingCents = shippingCentsFor(method, subtotalCents - discountCents);
  return {
    subtotalCents,
    discountCents,
    taxCents: itemsTotalCents - (subtotalCents - discountCents),
    shippingCents,
    totalCents: itemsTotalCents + shippingCents,
  };
}

/** The delivery the shopper chose, priced, and the total it makes: what the payment records. */
export function builtinDelivery(
  session: BuiltinSessionRow,
  address: ShippingAddress,
  method: ShippingMethod,
): BuiltinPaidDelivery {
  const charge = builtinCharge(session, method);
  return {
    shippingAddress: address,
    shippingMethod: method,
    shippingCents: charge.shippingCents,
    amountTotalCents: charge.totalCents,
  };
}

/**
 * Takes the payment of an open session, once, with the delivery the shopper chose (none: as a session
 * paid before the page asked): of two submits racing, one pays and the other finds the session already
 * paid. Answers the paid row, or nothing when it was not open.
 */
export function payBuiltinSession(
  db: Queryable,
  sessionId: string,
  {
    now = new Date(),
    delivery,
    email = null,
  }: { now?: Date; delivery?: BuiltinPaidDelivery; email?: string | null } = {},
) {
  const paymentId = `pi_builtin_${randomBytes(12).toString('hex')}`;
  return markBuiltinSessionPaid(db, sessionId, { paymentId, now, email }, delivery);
}

function shippingOf(row: BuiltinSessionRow): ProviderSession['shipping'] {
  if (!row.shippingMethod || !row.shippingAddress || row.shippingCents === null) return null;
  return { method: row.shippingMethod, amountCents: row.shippingCents, address: row.shippingAddress };
}

/**
 * A test-mode provider that needs no keys: sessions live in the shop's database (apart from the
 * shop's own records, as a real provider's would be) and the hosted page is served by the shop.
 */
/** A builtin session as the provider answers about it. */
export function builtinProviderSession(row: BuiltinSessionRow, now: Date): ProviderSession {
  return {
    id: row.id,
    status: builtinSessionStatus(row, now),
    amountTotalCents: row.amountTotalCents,
    paymentId: row.paymentId,
    metadata: row.metadata as Record<string, string>,
    shipping: shippingOf(row),
    customerEmail: row.customerEmail,
  };
}

export function createBuiltinProvider(db: Database, publicUrl: string): PaymentProvider {
  return {
    kind: 'builtin',

    async createCheckoutSession(input) {
      const id = `${BUILTIN_SESSION_PREFIX}${randomBytes(18).toString('base64url')}`;
      const subtotal = input.lineItems.reduce((sum, l) => sum + l.unitPriceCents * l.quantity, 0);
      const itemsTotalCents = subtotal - (input.discount?.amountCents ?? 0) + input.taxCents;
      await insertBuiltinSession(db, {
        id,
        // Items (less the discount) and tax until the shopper chooses a shipping method; the payment adds it.
        amountTotalCents: itemsTotalCents,
        itemsTotalCents,
        discountCode: input.discount?.code ?? null,
        discountCents: input.discount?.amountCents ?? 0,
        prefillAddress: input.shippingAddressPrefill,
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
      return row ? builtinProviderSession(row, new Date()) : null;
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
