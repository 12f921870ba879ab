/** @jsxRuntime automatic @jsxImportSource react */
import { plainTextSelectors } from '@react-email/render';
import { PASSWORD_RESET_MINUTES, PASSWORD_RESET_PATH, SHOP_NAME } from '@shop/contract/constants';
import { addressLines, SHIPPING_METHOD_DELIVERY, SHIPPING_METHOD_LABELS } from '@shop/contract/delivery';
import { describeChoice } from '@shop/contract/inventory';
import type { MailKind } from '@shop/contract/mail';
import { compile } from 'html-to-text';
import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Queryable } from '../../db/client';
import { trackingTag } from '../../platform/mail-jobs';
import { guestOrderUrl, orderLinkKey, orderLinkToken } from '../../platform/order-link';
import { type OrderLineFields, type OrderRow, orderRefunds, orderWithLines } from '../orders/order-lines.service';
import { emailConfirmation } from './account-mails';
import { type BackInStockMailElement, backInStock, backInStockConfirm } from './back-in-stock-mails';
import { findOrder, findRefund, findResetTokenWithEmail } from './mail.queries';
import { mailSealKey, unsealFromMail } from './mail-seal';
import {
  type ReturnMailContext,
  type ReturnMailElement,
  returnAuthorised,
  returnExchangeShipped,
  returnReceived,
  returnRefunded,
  returnRejected,
} from './return-mails';
import { money } from './templates/mail-money';
import { OrderConfirmationMail } from './templates/order-confirmation-mail';
import { OrderShippedMail } from './templates/order-shipped-mail';
import { PasswordResetMail } from './templates/password-reset-mail';
import { RefundIssuedMail } from './templates/refund-issued-mail';

export interface ComposedMail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

/** Why there is nothing to send (the order was deleted, the link used): the job ends without a mail. */
export class NothingToSend {
  constructor(readonly reason: string) {}
}

/** A refund still waiting for the provider: its mail is tried again later. */
export class NotReadyYet extends Error {}

export interface ComposeContext {
  db: Queryable;
  publicUrl: string;
  /** The job's sealed part (a password reset's token). */
  sealed: string | undefined;
  /** Orders with their lines already read for a batch of confirmations, by id; an id not in it is read here. */
  orders?: ReadonlyMap<string, { order: OrderRow; lines: OrderLineFields[] }> | undefined;
}

/**
 * React Email's `toPlainText`, compiled once: compiling its selectors cost as much as converting a mail,
 * and a sale sends a mail per order.
 */
const toPlainText = compile({ wordwrap: false, selectors: plainTextSelectors });

/** The doctype React Email gives its mails: the one mail clients render most alike. */
const MAIL_DOCTYPE =
  '<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Transitional//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-transitional.dtd">';

/**
 * The templates are React Email components, rendered by React's own static renderer: they wait for
 * nothing, so React Email's `render` (a streaming render behind an `import()` on every call, which
 * under the shop's module loader is a trip to another thread) would only cost a sale's mails more CPU.
 */
function toMail(to: string, subject: string, element: ReactElement): ComposedMail {
  // The text is made from the HTML: rendering the component once costs half the CPU of rendering it twice.
  const html = `${MAIL_DOCTYPE}${renderToStaticMarkup(element)}`;
  return { to, subject, html, text: toPlainText(html) };
}

/**
 * Where a mail sends the shopper to follow the order: a customer's order page, or for a guest's order its
 * order link, which needs no login.
 */
async function orderUrl(ctx: ComposeContext, order: Pick<OrderRow, 'id' | 'userId'>): Promise<string> {
  if (order.userId !== null) return `${ctx.publicUrl}/orders/${order.id}`;
  return guestOrderUrl(ctx.publicUrl, orderLinkToken(await orderLinkKey(ctx.db), order.id));
}

async function orderConfirmation(ctx: ComposeContext, orderId: string) {
  const found = ctx.orders?.has(orderId) ? ctx.orders.get(orderId) : await orderWithLines(ctx.db, orderId);
  if (!found) return new NothingToSend('the order no longer exists');
  const { order, lines: items } = found;
  const method = order.shippingMethod;
  return toMail(
    order.email,
    `Your ${SHOP_NAME} order is confirmed`,
    <OrderConfirmationMail
      publicUrl={ctx.publicUrl}
      orderUrl={await orderUrl(ctx, order)}
      transactionId={order.orderId}
      lines={items.map((i) => ({
        id: i.id,
        name: i.name,
        // A product sold in one colour and one size says nothing about either.
        choice: describeChoice(i.colour, i.size),
        quantity: i.quantity,
        unitPriceCents: i.unitPriceCents,
      }))}
      subtotalCents={order.subtotalCents}
      discount={order.discountCode ? { code: order.discountCode, cents: order.discountCents } : null}
      taxCents={order.taxCents}
      shippingCents={order.shippingCents}
      grandTotalCents={order.amountCents}
      delivery={
        method && order.shippingAddress
          ? {
              method: SHIPPING_METHOD_LABELS[method] ?? method,
              delivery: SHIPPING_METHOD_DELIVERY[method] ?? '',
              addressLines: addressLines(order.shippingAddress),
            }
          : null
      }
    />,
  );
}

/**
 * A shipped mail tells the tracking its key names. When the order's tracking has changed since, the mail
 * queued with that change tells it instead, so a late or retried job never repeats or contradicts it.
 */
async function orderShipped(ctx: ComposeContext, orderId: string, tracking: string | undefined) {
  const order = await findOrder(ctx.db, orderId);
  if (!order) return new NothingToSend('the order no longer exists');
  if ((trackingTag(order) ?? undefined) !== tracking) return new NothingToSend('the order has other tracking now');
  return toMail(
    order.email,
    `Your ${SHOP_NAME} order is on its way`,
    <OrderShippedMail
      publicUrl={ctx.publicUrl}
      orderUrl={await orderUrl(ctx, order)}
      carrier={order.carrier}
      trackingNumber={order.trackingNumber}
      addressLines={order.shippingAddress ? addressLines(order.shippingAddress) : []}
    />,
  );
}

async function refundIssued(ctx: ComposeContext, refundId: string) {
  const refund = await findRefund(ctx.db, refundId);
  if (!refund) return new NothingToSend('the refund no longer exists');
  if (refund.status === 'failed') return new NothingToSend('the refund failed');
  if (refund.status === 'pending') throw new NotReadyYet('the refund is still pending at the provider');
  const order = await findOrder(ctx.db, refund.orderId);
  if (!order) return new NothingToSend('the order no longer exists');
  // What is left as of this refund, whatever came after it: the mail reads the same if sent again.
  const given = (await orderRefunds(ctx.db, [order.id]))
    .filter((r) => r.status !== 'failed' && r.createdAt.getTime() <= refund.createdAt.getTime())
    .reduce((sum, r) => sum + r.amountCents, 0);
  const cancelled = refund.kind === 'cancellation';
  return toMail(
    order.email,
    cancelled
      ? `Your ${SHOP_NAME} order was cancelled and refunded`
      : `A refund of ${money(refund.amountCents)} from ${SHOP_NAME}`,
    <RefundIssuedMail
      publicUrl={ctx.publicUrl}
      orderUrl={await orderUrl(ctx, order)}
      kind={refund.kind}
      amountCents={refund.amountCents}
      remainingCents={Math.max(0, order.amountCents - given)}
      orderTotalCents={order.amountCents}
      reason={refund.reason}
    />,
  );
}

async function passwordReset(ctx: ComposeContext, tokenId: string) {
  const row = await findResetTokenWithEmail(ctx.db, tokenId);
  if (!row) return new NothingToSend('the reset link or its account no longer exists');
  if (row.token.usedAt) return new NothingToSend('the reset link was used');
  if (row.token.expiresAt.getTime() <= Date.now()) return new NothingToSend('the reset link expired');
  if (!ctx.sealed) return new NothingToSend('the job carries no sealed token');
  let token: string;
  try {
    token = unsealFromMail(await mailSealKey(ctx.db), ctx.sealed);
  } catch {
    return new NothingToSend('the sealed token could not be opened');
  }
  return toMail(
    row.email,
    `Reset your ${SHOP_NAME} password`,
    <PasswordResetMail
      publicUrl={ctx.publicUrl}
      resetUrl={`${ctx.publicUrl}${PASSWORD_RESET_PATH}?token=${encodeURIComponent(token)}`}
      validMinutes={PASSWORD_RESET_MINUTES}
    />,
  );
}

type Composer = (ctx: ComposeContext, id: string, tracking?: string) => Promise<ComposedMail | NothingToSend>;

/** A back-in-stock mail is written from its job's sealed part alone (back-in-stock-mails.tsx). */
const rendered =
  (compose: (ctx: ComposeContext) => Promise<BackInStockMailElement>): Composer =>
  async (ctx) => {
    const mail = await compose(ctx);
    return 'nothing' in mail ? new NothingToSend(mail.nothing) : toMail(mail.to, mail.subject, mail.element);
  };

/** A return's mail (return-mails.tsx), linking to the return's order page as the order mails do. */
const returnMail =
  (compose: (ctx: ReturnMailContext, id: string) => Promise<ReturnMailElement>): Composer =>
  async (ctx, id) => {
    const mail = await compose({ db: ctx.db, publicUrl: ctx.publicUrl, orderUrl: (order) => orderUrl(ctx, order) }, id);
    return 'nothing' in mail ? new NothingToSend(mail.nothing) : toMail(mail.to, mail.subject, mail.element);
  };

const composers: Record<MailKind, Composer> = {
  'order-confirmation': orderConfirmation,
  'order-shipped': orderShipped,
  'refund-issued': refundIssued,
  'password-reset': passwordReset,
  'email-confirmation': async (ctx, tokenId) => {
    const mail = await emailConfirmation(ctx, tokenId);
    return 'nothing' in mail ? new NothingToSend(mail.nothing) : toMail(mail.to, mail.subject, mail.element);
  },
  'back-in-stock-confirm': rendered(backInStockConfirm),
  'back-in-stock': rendered(backInStock),
  'return-authorised': returnMail(returnAuthorised),
  'return-received': returnMail(returnReceived),
  'return-refunded': returnMail(returnRefunded),
  'return-exchange-shipped': returnMail(returnExchangeShipped),
  'return-rejected': returnMail(returnRejected),
};

/**
 * The mail of one event, read from the database as it is now, or why there is none. `tracking` is the
 * tracking tag of a shipped mail's key.
 */
export function composeMail(
  ctx: ComposeContext,
  kind: MailKind,
  id: string,
  tracking?: string,
): Promise<ComposedMail | NothingToSend> {
  return composers[kind](ctx, id, tracking);
}
