import type Stripe from 'stripe';
import { invalid } from '../../platform/errors';
import type { PaymentEvent, ProviderRefund } from './payment-provider';

/** The refunds a charge.refunded event lists; those that failed or were cancelled gave nothing back. */
function refundedEvent(charge: Stripe.Charge): PaymentEvent {
  const intent = charge.payment_intent;
  const paymentId = (typeof intent === 'string' ? intent : intent?.id) ?? charge.id;
  const refunds: ProviderRefund[] = (charge.refunds?.data ?? [])
    .filter((r) => r.status !== 'failed' && r.status !== 'canceled')
    .map((r) => ({ id: r.id, amountCents: r.amount, shopRefundId: r.metadata?.shopRefundId ?? null }));
  return { type: 'payment.refunded', paymentId, refunds };
}

/**
 * A refund made or settled at Stripe, as its own event: recent API versions leave a charge's refunds out
 * of charge.refunded, so a refund made in Stripe's dashboard reaches the shop through these.
 */
function refundObjectEvent(refund: Stripe.Refund): PaymentEvent {
  const intent = refund.payment_intent;
  const charge = refund.charge;
  const paymentId =
    (typeof intent === 'string' ? intent : intent?.id) ?? (typeof charge === 'string' ? charge : charge?.id);
  if (!paymentId || refund.status === 'failed' || refund.status === 'canceled') {
    return { type: 'ignored', providerType: `refund.${refund.status ?? 'unknown'}` };
  }
  return {
    type: 'payment.refunded',
    paymentId,
    refunds: [{ id: refund.id, amountCents: refund.amount, shopRefundId: refund.metadata?.shopRefundId ?? null }],
  };
}

/** What a verified Stripe event means to the shop; the events it does not act on are ignored. */
function paymentEventOf(event: Stripe.Event): PaymentEvent {
  switch (event.type) {
    case 'checkout.session.completed':
      // A delayed payment method (a bank debit) completes the session before the money arrives.
      return event.data.object.payment_status === 'unpaid'
        ? { type: 'ignored', providerType: event.type }
        : { type: 'checkout.completed', sessionId: event.data.object.id };
    case 'checkout.session.async_payment_succeeded':
      return { type: 'checkout.completed', sessionId: event.data.object.id };
    case 'checkout.session.async_payment_failed':
      return { type: 'checkout.failed', sessionId: event.data.object.id };
    case 'checkout.session.expired':
      return { type: 'checkout.expired', sessionId: event.data.object.id };
    case 'charge.refunded':
      return refundedEvent(event.data.object);
    case 'refund.created':
    case 'refund.updated':
      return refundObjectEvent(event.data.object);
    default:
      return { type: 'ignored', providerType: event.type };
  }
}

/** A webhook's body, read only once its Stripe-Signature proves Stripe sent it with the shop's secret. */
export function parseStripeWebhook(
  stripe: Stripe,
  webhookSecret: string | undefined,
  rawBody: Buffer,
  signatureHeader: string | undefined,
): PaymentEvent {
  if (!webhookSecret) throw invalid('Stripe webhooks are not configured (STRIPE_WEBHOOK_SECRET)');
  if (!signatureHeader) throw invalid('Missing Stripe-Signature header');
  let event: Stripe.Event;
  try {
    event = stripe.webhooks.constructEvent(rawBody, signatureHeader, webhookSecret);
  } catch {
    throw invalid('Invalid Stripe-Signature');
  }
  return paymentEventOf(event);
}
