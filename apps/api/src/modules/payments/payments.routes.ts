import { emailSchema } from '@shop/contract/common';
import { SHOP_NAME } from '@shop/contract/constants';
import { CHECKOUT_SESSION_ID_PLACEHOLDER } from '@shop/contract/orders';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { BuiltinSessionRow } from './builtin.queries';
import { findBuiltinSession } from './builtin.queries';
import {
  BUILTIN_PAY_PATH,
  builtinDelivery,
  builtinProviderSession,
  builtinSessionStatus,
  payBuiltinSession,
} from './builtin-provider';
import { CARD_MESSAGES, cardFormSchema, checkCard } from './card-form';
import { type PayPageState, renderNoticePage, renderPayPage } from './checkout-page';
import { checkDelivery, deliveryValuesOf } from './delivery-form';
import type { ProviderSession } from './payment-provider';

const FORM_BODY_LIMIT = 16 * 1024;
const paramsSchema = z.object({ sessionId: z.string().max(255) });

const successUrlOf = (session: BuiltinSessionRow) =>
  session.successUrl.replaceAll(CHECKOUT_SESSION_ID_PLACEHOLDER, encodeURIComponent(session.id));

function sendPage(reply: FastifyReply, status: number, body: string) {
  // A payment page must never come back from a cache, or a back button could show a stale form.
  return reply.status(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(body);
}

const paidPage = (session: BuiltinSessionRow) =>
  renderNoticePage({
    title: 'This payment is complete',
    message: 'This checkout session has already been paid. It cannot be paid again.',
    link: { href: successUrlOf(session), text: 'See your order' },
  });

const expiredPage = (session: BuiltinSessionRow) =>
  renderNoticePage({
    title: 'This checkout session has expired',
    message: 'Nothing was charged. Go back to the shop and check out again.',
    link: { href: session.cancelUrl, text: `Return to ${SHOP_NAME}` },
  });

const unknownSessionPage = (publicUrl: string) =>
  renderNoticePage({
    title: 'Checkout session not found',
    message: 'This payment link is not valid. Go back to the shop and check out again.',
    link: { href: `${publicUrl}/`, text: `Return to ${SHOP_NAME}` },
  });

/**
 * The e-mail a guest typed on the page, when the session was opened without one: required, as the order's
 * mails and its link go there. A session with an e-mail takes none from the form.
 */
function guestEmailOf(
  session: BuiltinSessionRow,
  body: Record<string, unknown>,
): { email: string | null; typed: string | undefined; error?: string } {
  if (session.customerEmail !== null) return { email: null, typed: undefined };
  const typed = typeof body.email === 'string' ? body.email.slice(0, 254) : '';
  const parsed = emailSchema.safeParse(typed);
  if (!parsed.success) {
    const error = typed.trim() ? 'Enter a valid email address' : 'Enter your email for the receipt and your order link';
    return { email: null, typed, error };
  }
  return { email: parsed.data, typed };
}

type CheckedDelivery = Extract<ReturnType<typeof checkDelivery>, { result: 'valid' }>;

/** The page's form as checked: the page again with why it was refused, or what to pay with. */
type PayFormCheck =
  | { ok: false; status: number; page: string }
  | { ok: true; address: CheckedDelivery['address']; method: CheckedDelivery['method']; email: string | null };

/** Checks the guest's e-mail, the delivery and the card, in the order the page shows them. */
function checkPayForm(session: BuiltinSessionRow, body: Record<string, unknown>, now: Date): PayFormCheck {
  const parsed = cardFormSchema.safeParse(body);
  const form = parsed.success ? parsed.data : { cardNumber: '', expiry: '', cvc: '', cardName: '' };
  const deliveryValues = deliveryValuesOf(body);
  const guest = guestEmailOf(session, body);
  // What the shopper typed is kept on the page shown again (never the card number or CVC).
  const kept = { form: { expiry: form.expiry, cardName: form.cardName }, delivery: deliveryValues, email: guest.typed };
  const refuse = (status: number, state: PayPageState): PayFormCheck => ({
    ok: false,
    status,
    page: renderPayPage(session, { ...kept, ...state }),
  });
  if (guest.error) return refuse(400, { error: guest.error, emailError: guest.error });
  const delivery = checkDelivery(deliveryValues);
  if (delivery.result === 'invalid') return refuse(400, { error: delivery.message, fieldErrors: delivery.fieldErrors });
  const outcome = checkCard(form, now);
  if (outcome.result === 'refused') {
    return refuse(outcome.message === CARD_MESSAGES.declined ? 402 : 400, { error: outcome.message });
  }
  return { ok: true, address: delivery.address, method: delivery.method, email: guest.email };
}

/** Makes the order of a session the builtin checkout has just seen paid: the fulfilment flow. */
export type FulfilPaidSession = (log: FastifyBaseLogger, sessionId: string, paid: ProviderSession) => Promise<unknown>;

/**
 * The builtin provider's hosted checkout at /checkout/pay/:sessionId: a plain HTML form that
 * works without JavaScript, served outside /api as a real provider's page would be. A payment makes
 * its order through the fulfilment flow, which app.ts hands in as `fulfilPaidSession`: the flow spans
 * modules, so a module is given it rather than importing it, and the page's route stays with the page.
 */
export const paymentsRoutes: FastifyPluginAsyncZod<{ fulfilPaidSession: FulfilPaidSession }> = async (
  app,
  { fulfilPaidSession },
) => {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT },
    (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const notFoundPage = () => unknownSessionPage(app.deps.config.publicUrl);

  app.get(
    `${BUILTIN_PAY_PATH}/:sessionId`,
    { config: { auth: 'public' }, schema: { params: paramsSchema, hide: true } },
    async (request, reply) => {
      const session = await findBuiltinSession(app.deps.db, request.params.sessionId);
      if (!session) return sendPage(reply, 404, notFoundPage());
      const status = builtinSessionStatus(session, new Date());
      if (status === 'paid') return sendPage(reply, 200, paidPage(session));
      if (status === 'expired') return sendPage(reply, 410, expiredPage(session));
      return sendPage(reply, 200, renderPayPage(session));
    },
  );

  app.post(
    `${BUILTIN_PAY_PATH}/:sessionId`,
    { config: { auth: 'public' }, schema: { params: paramsSchema, hide: true } },
    async (request, reply) => {
      const { db } = app.deps;
      const now = new Date();
      const session = await findBuiltinSession(db, request.params.sessionId);
      if (!session) return sendPage(reply, 404, notFoundPage());
      const status = builtinSessionStatus(session, now);
      if (status === 'paid') return sendPage(reply, 409, paidPage(session));
      if (status === 'expired') return sendPage(reply, 410, expiredPage(session));

      const body = typeof request.body === 'object' && request.body !== null ? request.body : {};
      const checked = checkPayForm(session, body as Record<string, unknown>, now);
      if (!checked.ok) return sendPage(reply, checked.status, checked.page);

      // The shipping is priced here from the method and the items, whatever the page showed.
      const chosen = builtinDelivery(session, checked.address, checked.method);
      const paid = await payBuiltinSession(db, session.id, { now, delivery: chosen, email: checked.email });
      if (!paid) {
        // Another submit paid it first, or it expired in between.
        const current = await findBuiltinSession(db, session.id);
        return current && builtinSessionStatus(current, new Date()) === 'paid'
          ? sendPage(reply, 409, paidPage(current))
          : sendPage(reply, 410, expiredPage(session));
      }
      request.log.info({ sessionId: paid.id, paymentId: paid.paymentId }, 'builtin checkout paid');
      try {
        // The "checkout completed" event a Stripe webhook would deliver.
        await fulfilPaidSession(request.log, paid.id, builtinProviderSession(paid, now));
      } catch (err) {
        // The shopper has paid: send them on. The success page's confirmation or reconciliation
        // makes the order, and either is safe to repeat.
        request.log.warn({ err, sessionId: paid.id }, 'order not created at payment; it will be on confirmation');
      }
      return reply.header('Cache-Control', 'no-store').redirect(successUrlOf(paid), 303);
    },
  );
};
