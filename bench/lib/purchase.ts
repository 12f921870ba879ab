import { TEST_CARDS } from '@shop/contract/orders';
import { isOk, send, textOf } from './http-client';
import type { LoadResult } from './load';

/** A customer by their session's token, or a guest (no token) by the e-mail typed on the payment page. */
export interface Buyer {
  token: string;
  guestEmail?: string;
}

const authOf = (buyer: Buyer): Record<string, string> =>
  buyer.token ? { authorization: `Bearer ${buyer.token}` } : {};

/** A cart line as the web app sends it: a product, and its size when it has several. */
export interface BenchLine {
  _id: string;
  size?: string;
  /** Pieces of the line; one when left out. */
  quantity?: number;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/**
 * Opens a checkout session for the cart, which holds its stock (and, with a discount code, one use of
 * the code); answers the session's id.
 */
async function openCheckout(
  baseUrl: string,
  buyer: Buyer,
  cart: readonly BenchLine[],
  discountCode?: string,
): Promise<string> {
  const created = await send(`${baseUrl}/api/orders/create-checkout-session`, {
    method: 'POST',
    headers: { ...authOf(buyer), 'content-type': 'application/json' },
    body: JSON.stringify({
      product: cart.map((line) => ({ ...line, quantity: line.quantity ?? 1 })),
      ...(discountCode ? { discountCode } : {}),
    }),
  });
  if (!isOk(created)) throw new Error(`checkout session: ${created.status} ${textOf(created)}`);
  return (JSON.parse(textOf(created)) as { id: string }).id;
}

/** The order a purchase made, as far as the bench reads it. */
export interface BoughtOrder {
  _id: string;
  products: { _id: string; quantity: number }[];
}

/** One purchase as the web app and the hosted checkout make it: create the session, pay, confirm. */
export async function purchase(
  baseUrl: string,
  buyer: Buyer,
  cart: readonly BenchLine[],
  discountCode?: string,
): Promise<BoughtOrder> {
  const id = await openCheckout(baseUrl, buyer, cart, discountCode);

  const paid = await send(`${baseUrl}/checkout/pay/${encodeURIComponent(id)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    // The hosted page asks where to deliver: an address and Standard shipping.
    body: new URLSearchParams({
      // A guest gives the e-mail on the page: the session was opened without one.
      ...(buyer.guestEmail ? { email: buyer.guestEmail } : {}),
      fullName: 'Bench Buyer',
      line1: '1 Market Street',
      city: 'San Francisco',
      region: 'CA',
      postalCode: '94105',
      country: 'US',
      shippingMethod: 'standard',
      cardNumber: TEST_CARDS.pays,
      expiry: '12 / 34',
      cvc: '123',
      cardName: 'Bench Buyer',
    }).toString(),
  });
  if (paid.status !== 303) throw new Error(`payment: ${paid.status}`);

  const confirmed = await send(`${baseUrl}/api/orders/confirm-payment`, {
    method: 'POST',
    headers: { ...authOf(buyer), 'content-type': 'application/json' },
    body: JSON.stringify({ session_id: id }),
  });
  if (!isOk(confirmed)) throw new Error(`confirm: ${confirmed.status} ${textOf(confirmed)}`);
  return (JSON.parse(textOf(confirmed)) as { order: BoughtOrder }).order;
}

export type Step = (buyer: Buyer) => Promise<unknown>;

async function runFor(buyers: readonly Buyer[], step: Step, seconds: number) {
  const times: number[] = [];
  let errors = 0;
  let firstError: unknown;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    buyers.map(async (buyer) => {
      while (performance.now() < until) {
        const started = performance.now();
        try {
          await step(buyer);
          times.push(performance.now() - started);
        } catch (err) {
          errors++;
          firstError ??= err;
        }
      }
    }),
  );
  return { times, errors, firstError };
}

/** Every buyer repeating `step` at once, each starting the next when the last ends; figures per step. */
export async function measureSteps(
  buyers: readonly Buyer[],
  step: Step,
  settings: { durationSeconds: number; warmupSeconds: number },
): Promise<LoadResult> {
  await step(buyers[0] ?? { token: '' });
  if (settings.warmupSeconds > 0) await runFor(buyers, step, settings.warmupSeconds);
  const { times, errors, firstError } = await runFor(buyers, step, settings.durationSeconds);
  if (times.length === 0) throw firstError instanceof Error ? firstError : new Error('no step completed');
  const sorted = times.sort((a, b) => a - b);
  return {
    rps: round1(times.length / settings.durationSeconds),
    p50_ms: round1(percentile(sorted, 50)),
    p99_ms: round1(percentile(sorted, 99)),
    errors,
  };
}

/**
 * Whole purchases (three requests each): purchases per second and the time of all three steps. With a
 * discount code every purchase uses it: its check, its held use and its count with the order.
 */
export function measurePurchases(
  baseUrl: string,
  buyers: readonly Buyer[],
  cart: readonly BenchLine[],
  settings: { durationSeconds: number; warmupSeconds: number },
  discountCode?: string,
): Promise<LoadResult> {
  return measureSteps(buyers, (buyer) => purchase(baseUrl, buyer, cart, discountCode), settings);
}

/**
 * A discount code for the bench's purchases, made by the bench's admin through the API: 10% off, no
 * limits (every buyer uses it again and again), named anew each run.
 */
export async function makeBenchCode(baseUrl: string, adminToken: string): Promise<string> {
  const code = `BENCH${Date.now().toString(36).toUpperCase()}`;
  const made = await send(`${baseUrl}/api/discounts`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({ code, kind: 'percentage', percentOff: 10 }),
  });
  if (!isOk(made)) throw new Error(`discount code: ${made.status} ${textOf(made)}`);
  return code;
}

/** Opening a checkout session for one size, which holds it: the reservation's own cost under contention. */
export function measureCheckoutSessions(
  baseUrl: string,
  buyers: readonly Buyer[],
  line: BenchLine,
  settings: { durationSeconds: number; warmupSeconds: number },
): Promise<LoadResult> {
  return measureSteps(buyers, (buyer) => openCheckout(baseUrl, buyer, [line]), settings);
}
