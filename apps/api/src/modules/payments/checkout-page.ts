import { SHOP_NAME, TAX_PERCENT } from '@shop/contract/constants';
import type { ShippingMethod } from '@shop/contract/delivery';
import { describeChoice } from '@shop/contract/inventory';
import { formatMoney, toDollars } from '@shop/contract/money';
import { TEST_CARDS } from '@shop/contract/orders';
import { imageSrcSet } from '@shop/contract/uploads';
import type { BuiltinSessionRow } from './builtin.queries';
import { BUILTIN_PAY_PATH, builtinCharge } from './builtin-provider';
import type { CardForm } from './card-form';
import { CHECKOUT_CSS } from './checkout-styles';
import { byMethod, initialDeliveryValues, renderDeliveryFields, shippingText } from './delivery-fields';
import type { DeliveryField, DeliveryFormValues } from './delivery-form';
import { html, SafeHtml } from './html';
import { checkoutLinesSchema } from './payment-provider';

const money = (cents: number) => formatMoney(toDollars(cents));

function page(title: string, body: SafeHtml): string {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>${new SafeHtml(CHECKOUT_CSS)}</style>
</head>
<body>${body}</body>
</html>`.toString();
}

const shopLine = (testMode: boolean) =>
  html`<p class="shop"><span class="logo" aria-hidden="true">${SHOP_NAME.charAt(0)}</span>${SHOP_NAME}${
    testMode ? html`<span class="badge">Test mode</span>` : ''
  }</p>`;

export interface PayPageState {
  /** The refusal to show above the button, after a submit. */
  error?: string | undefined;
  /** What the shopper typed, kept on a re-render (never the card number or CVC). */
  form?: Pick<CardForm, 'expiry' | 'cardName'> | undefined;
  /** The address and method as posted; absent, the page starts from the customer's saved address. */
  delivery?: DeliveryFormValues | undefined;
  fieldErrors?: Partial<Record<DeliveryField, string>> | undefined;
  /** A guest's e-mail as typed, and why it was refused. */
  email?: string | undefined;
  emailError?: string | undefined;
}

/**
 * The e-mail the receipt goes to: the customer's, shown as given, or a field a guest fills in (the
 * session was opened without one).
 */
function emailField(session: BuiltinSessionRow, state: PayPageState) {
  if (session.customerEmail !== null) {
    return html`<div><label for="email">Email</label><input id="email" type="email" value="${session.customerEmail}" readonly></div>`;
  }
  const error = state.emailError;
  return html`<div><label for="email">Email</label><input id="email" name="email" type="email" autocomplete="email" maxlength="254" value="${state.email ?? ''}" required aria-describedby="email-help${error ? ' email-error' : ''}"${error ? html` aria-invalid="true"` : ''}>
    <p id="email-help" class="field-hint">Your receipt and a link to follow your order go here.</p>${
      error ? html`<p id="email-error" class="field-error">${error}</p>` : ''
    }</div>`;
}

/**
 * The hosted checkout: what is being paid for, where it goes and how, and a card form, posting back
 * without JavaScript. The totals shown are those the payment charges (`builtinCharge`).
 */
export function renderPayPage(session: BuiltinSessionRow, state: PayPageState = {}): string {
  const parsed = checkoutLinesSchema.safeParse(session.lineItems);
  const lines = parsed.success ? parsed.data : [];
  const delivery = state.delivery ?? initialDeliveryValues(session.prefillAddress);
  const standard = builtinCharge(session, 'standard');
  const chosen = delivery.shippingMethod === 'express' ? builtinCharge(session, 'express') : standard;
  const total = (method: ShippingMethod) => money(builtinCharge(session, method).totalCents);
  const items = lines.map(
    (line) => html`<li>
  <img src="${line.image}" srcset="${imageSrcSet(line.image) ?? false}" sizes="56px" alt="" width="56" height="56" loading="lazy">
  <div><span class="item-name">${line.name}</span><span class="item-meta">${
    describeChoice(line.colourName, line.size) ? `${describeChoice(line.colourName, line.size)} · ` : ''
  }Qty ${line.quantity} · ${money(line.unitPriceCents)} each</span></div>
  <span class="item-total">${money(line.unitPriceCents * line.quantity)}</span>
</li>`,
  );
  const body = html`<main class="checkout">
<section class="summary" aria-labelledby="summary-title">
  ${shopLine(true)}
  <h1 id="summary-title"><span class="label">Pay ${SHOP_NAME}</span><span class="total">${byMethod(total)}</span></h1>
  <ul class="items">${items}</ul>
  <dl class="totals">
    <div><dt>Subtotal</dt><dd>${money(standard.subtotalCents)}</dd></div>
    ${
      session.discountCode
        ? html`<div class="discount"><dt>Discount <span class="code">${session.discountCode}</span></dt><dd>−${money(standard.discountCents)}</dd></div>`
        : ''
    }
    <div><dt>Tax (${TAX_PERCENT}%)</dt><dd>${money(standard.taxCents)}</dd></div>
    <div><dt>Shipping</dt><dd>${byMethod((m) => shippingText(builtinCharge(session, m).shippingCents))}</dd></div>
    <div class="grand"><dt>Total due</dt><dd>${byMethod(total)}</dd></div>
  </dl>
</section>
<section class="pay" aria-labelledby="pay-title">
  <h2 id="pay-title" class="visually-hidden">Delivery and payment</h2>
  <form method="post" action="${BUILTIN_PAY_PATH}/${encodeURIComponent(session.id)}" novalidate>
    ${emailField(session, state)}
    ${renderDeliveryFields(delivery, state.fieldErrors ?? {}, (m) => builtinCharge(session, m).shippingCents)}
    <fieldset>
    <legend>Pay with card</legend>
    <div><label for="cardNumber">Card number</label><input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" maxlength="23" required></div>
    <div class="row">
      <div><label for="expiry">Expiry date</label><input id="expiry" name="expiry" autocomplete="cc-exp" placeholder="MM / YY" maxlength="9" value="${state.form?.expiry ?? ''}" required></div>
      <div><label for="cvc">CVC</label><input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" maxlength="4" required></div>
    </div>
    <div><label for="cardName">Name on card</label><input id="cardName" name="cardName" autocomplete="cc-name" maxlength="100" value="${state.form?.cardName ?? ''}" required></div>
    </fieldset>
    ${state.error ? html`<p class="error" role="alert">${state.error}</p>` : ''}
    <button type="submit">Pay ${byMethod(total)}</button>
  </form>
  <p class="cancel"><a href="${session.cancelUrl}">Cancel</a></p>
  <p class="hint">Test mode: no real card is charged. Pay with ${TEST_CARDS.pays}, any future expiry date and any CVC; ${TEST_CARDS.declined} is declined.</p>
</section>
</main>`;
  return page(`Pay ${SHOP_NAME} · ${money(chosen.totalCents)}`, body);
}

/** A page for a session that cannot be paid (unknown, expired, already paid). */
export function renderNoticePage(notice: { title: string; message: string; link: { href: string; text: string } }) {
  return page(
    `${notice.title} · ${SHOP_NAME}`,
    html`<main class="notice">
  ${shopLine(true)}
  <h1>${notice.title}</h1>
  <p>${notice.message}</p>
  <p><a href="${notice.link.href}">${notice.link.text}</a></p>
</main>`,
  );
}
