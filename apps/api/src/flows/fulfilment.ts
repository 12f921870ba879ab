/*
 * Fulfilment, the flow from a paid checkout session to its order: the order made once, the held sale
 * ended, the code's use counted, the confirmation mail queued and the address remembered, in one
 * transaction. It spans orders, inventory, discounts, mail, users and the payment provider, so it lives
 * here and not in any one of them.
 */
import { randomUUID } from 'node:crypto';
import { shippingCentsFor } from '@shop/contract/delivery';
import { ORDER_MESSAGES, type Order } from '@shop/contract/orders';
import { countOrderDiscount } from '../modules/discounts/discounts.service';
import { endHold, sellUnheld } from '../modules/inventory/inventory.service';
import {
  type CheckoutSessionRow,
  type CheckoutSessionWithOrder,
  createOrderOnce,
  findCheckoutSessionWithOrder,
  toOrderDto,
} from '../modules/orders/checkout-sessions.service';
import type { FulfilDeps } from '../modules/orders/fulfil-deps';
import { checkoutLinesSchema, type ProviderSession, type ProviderShipping } from '../modules/payments/payment-provider';
import { rememberOrderAddress } from '../modules/users/saved-address.service';
import { type AdminPower, requireAdminPower, type SessionUser } from '../platform/auth-guard';
import { AppError, notFound, unauthorised } from '../platform/errors';
import { enqueueMail, mailEventKey } from '../platform/mail-jobs';

/**
 * Whoever confirms from the success page (a customer or admin with the admin power the auth guard gave
 * the request, or a visitor without a session), or the shop itself (webhook, reconciliation).
 */
export type FulfilActor = { user: SessionUser | null; adminPower: AdminPower | undefined } | 'system';

export interface FulfilResult {
  order: Order;
  /** True only for the one call that created the order. */
  created: boolean;
  /** The checkout was a guest's: the order is read through its order link. */
  placedAsGuest?: boolean;
  /**
   * The order took stock that no hold kept for it, which changes what can still be bought; a held sale
   * takes what its hold already kept from sale.
   */
  soldUnheld?: boolean;
}

const orderDeleted = () => notFound('The order for this checkout session was deleted');

/** The order made from a fulfilled session. */
function orderOf(found: CheckoutSessionWithOrder | undefined): Order {
  // The session is marked fulfilled in the order's own transaction, so no order means an admin deleted it.
  if (!found?.order) throw orderDeleted();
  return toOrderDto(found.order.row, found.order.lines, found.order.refunds);
}

/**
 * The delivery the order keeps: the address and method chosen on the provider's page, priced by the
 * shop from the method and the items after their discount (the provider's price is only compared, in
 * `fulfilCheckout`).
 */
function shippingOfOrder(record: CheckoutSessionRow, session: ProviderSession): ProviderShipping | null {
  if (!session.shipping) return null;
  const { method, address } = session.shipping;
  return { method, address, amountCents: shippingCentsFor(method, record.subtotalCents - record.discountCents) };
}

async function createOrder(
  deps: FulfilDeps,
  record: CheckoutSessionRow,
  paymentId: string,
  shipping: ProviderShipping | null,
  email: string,
): Promise<FulfilResult> {
  const lines = checkoutLinesSchema.parse(record.lineItems);
  return deps.db.transaction(async (tx) => {
    const now = new Date();
    // Of every caller racing for this session, one makes the order; the others wait for its commit
    // and then read that order, so all of them answer the same one.
    const made = await createOrderOnce(
      tx,
      {
        id: randomUUID(),
        orderId: paymentId,
        checkoutSessionId: record.id,
        userId: record.userId,
        email,
        subtotalCents: record.subtotalCents,
        taxCents: record.taxCents,
        // The session's record is items and tax; the shipping chosen on the provider's page comes on top.
        amountCents: record.amountCents + (shipping?.amountCents ?? 0),
        shippingMethod: shipping?.method ?? null,
        shippingCents: shipping?.amountCents ?? 0,
        shippingAddress: shipping?.address ?? null,
        discountCodeId: record.discountCodeId,
        discountCode: record.discountCode,
        discountCents: record.discountCents,
      },
      lines.map((line) => ({
        productId: line.productId,
        variantId: line.variantId ?? null,
        name: line.name,
        image: line.image,
        unitPriceCents: line.unitPriceCents,
        quantity: line.quantity,
        size: line.size ?? null,
        colour: line.colourName ?? null,
        sku: line.sku ?? null,
      })),
      now,
    );
    // Fulfilled before: its order, or none if an admin deleted it (which is not brought back).
    if (!made) return { order: orderOf(await findCheckoutSessionWithOrder(tx, record.id)), created: false };
    // The confirmation's job commits with the order: exactly one per order, even after a crash.
    await enqueueMail(deps.jobs, tx, mailEventKey('order-confirmation', made.row.id));
    // The next checkout starts from the address this one went to.
    if (shipping && record.userId) await rememberOrderAddress(tx, record.userId, shipping.address);
    // A held sale ends its reservations here and moves the sizes' counts at the commit (migration 0020),
    // so the sizes' rows are locked only then.
    const sold = record.holdId ? await endHold(tx, record.holdId, 'paid', record.userId, now) : [];
    // The code's use is counted with the order, after the held sale: its row, which every buyer with the
    // code queues on, is locked for one round trip to the shop before the commit, and before any size's.
    if (record.discountCodeId) {
      const { holdId, discountCodeId: codeId } = record;
      await countOrderDiscount(tx, { holdId, codeId, customerEmail: email, sessionId: record.id }, now, deps.log);
    }
    if (sold.length === 0) {
      // Held nothing (opened before sizes) or its hold ended already: sold from what is available, last,
      // the sizes' rows after the code's as every transaction takes them.
      const unsold = await sellUnheld(
        tx,
        lines.map((l) => ({ variantId: l.variantId ?? null, quantity: l.quantity })),
        record.userId,
      );
      if (unsold > 0)
        deps.log.error({ sessionId: record.id, unsold }, 'a paid order has lines the stock could not cover');
    }
    return { order: toOrderDto(made.row, made.lines), created: true, soldUnheld: sold.length === 0 };
  });
}

async function askProvider(deps: FulfilDeps, sessionId: string): Promise<ProviderSession | null> {
  try {
    return await deps.provider.retrieveSession(sessionId);
  } catch (err) {
    deps.log.error({ err, sessionId }, 'the payment provider did not answer about a checkout session');
    throw new AppError('unavailable', 'The payment provider is not answering. Please try again in a moment.');
  }
}

/**
 * The one way an order comes to exist: the success page's confirmation, the provider's event and
 * reconciliation all call this. It asks the provider (never the caller) whether the session was
 * paid, and creates at most one order per session however many calls race; a repeat answers the
 * existing order unchanged. `paidSession` is the provider's session as the shop itself has just
 * seen it paid (the builtin checkout's own payment), which spares asking again.
 */
export async function fulfilCheckout(
  deps: FulfilDeps,
  sessionId: string,
  actor: FulfilActor,
  paidSession?: ProviderSession,
): Promise<FulfilResult> {
  const found = await findCheckoutSessionWithOrder(deps.db, sessionId);
  if (!found) throw notFound(ORDER_MESSAGES.unknownSession);
  const record = found.session;
  // A customer's checkout is confirmed by that customer (or an admin); a guest's by whoever holds its
  // session id, an unguessable name only the guest's browser and the provider were given.
  if (actor !== 'system' && record.userId !== null && record.userId !== actor.user?.id) {
    if (!actor.user) throw unauthorised();
    requireAdminPower(actor.adminPower, 'You can only confirm your own payments');
  }
  const placedAsGuest = record.userId === null;
  if (record.fulfilledAt) return { order: orderOf(found), created: false, placedAsGuest };

  const session = paidSession?.id === sessionId ? paidSession : await askProvider(deps, sessionId);
  if (!session) throw notFound(ORDER_MESSAGES.unknownSession);
  if (session.status === 'expired') throw new AppError('gone', ORDER_MESSAGES.expired);
  if (session.status !== 'paid') throw new AppError('payment_required', ORDER_MESSAGES.unpaid);
  const shipping = shippingOfOrder(record, session);
  const expectedCents = record.amountCents + (shipping?.amountCents ?? 0);
  if (session.amountTotalCents !== expectedCents) {
    deps.log.warn(
      { sessionId, paid: session.amountTotalCents, recorded: expectedCents },
      'the provider charged a different amount than the shop recorded',
    );
  }
  if (session.shipping && shipping && session.shipping.amountCents !== shipping.amountCents) {
    deps.log.warn(
      { sessionId, method: shipping.method, paid: session.shipping.amountCents, expected: shipping.amountCents },
      'the provider charged a different shipping amount than the shop computed',
    );
  }
  // A guest who gave no e-mail with the cart typed it on the provider's page, which requires it.
  const email = record.email ?? session.customerEmail;
  if (!email) throw new AppError('unavailable', 'The payment provider did not tell the e-mail of this payment.');
  const result = {
    ...(await createOrder(deps, record, session.paymentId ?? session.id, shipping, email)),
    placedAsGuest,
  };
  if (result.created) {
    deps.log.info({ sessionId, orderId: result.order._id }, 'order created');
    if (result.soldUnheld) deps.events.stockMoved(result.order.products.map((line) => line.productId));
  }
  return result;
}
