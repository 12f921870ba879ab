import { TEST_CARDS } from '@shop/contract/orders';
import type { LoadResult } from './load';

export interface Buyer {
  token: string;
}

const round1 = (n: number) => Math.round(n * 10) / 10;

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** One purchase as the web app and the hosted checkout make it: create the session, pay, confirm. */
async function purchase(baseUrl: string, buyer: Buyer, cart: readonly string[]): Promise<void> {
  const auth = { authorization: `Bearer ${buyer.token}` };
  const created = await fetch(`${baseUrl}/api/orders/create-checkout-session`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ product: cart.map((_id) => ({ _id, quantity: 1 })) }),
  });
  if (!created.ok) throw new Error(`checkout session: ${created.status} ${await created.text()}`);
  const { id } = (await created.json()) as { id: string };

  const paid = await fetch(`${baseUrl}/checkout/pay/${encodeURIComponent(id)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      cardNumber: TEST_CARDS.pays,
      expiry: '12 / 34',
      cvc: '123',
      cardName: 'Bench Buyer',
    }).toString(),
    redirect: 'manual',
  });
  await paid.arrayBuffer();
  if (paid.status !== 303) throw new Error(`payment: ${paid.status}`);

  const confirmed = await fetch(`${baseUrl}/api/orders/confirm-payment`, {
    method: 'POST',
    headers: { ...auth, 'content-type': 'application/json' },
    body: JSON.stringify({ session_id: id }),
  });
  if (!confirmed.ok) throw new Error(`confirm: ${confirmed.status} ${await confirmed.text()}`);
  await confirmed.arrayBuffer();
}

async function buyFor(baseUrl: string, buyers: readonly Buyer[], cart: readonly string[], seconds: number) {
  const times: number[] = [];
  let errors = 0;
  let firstError: unknown;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    buyers.map(async (buyer) => {
      while (performance.now() < until) {
        const started = performance.now();
        try {
          await purchase(baseUrl, buyer, cart);
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

/**
 * Whole purchases (three requests each) by every buyer at once, each buyer starting its next purchase
 * when the last ends. Figures are per purchase: purchases per second and the time of all three steps.
 */
export async function measurePurchases(
  baseUrl: string,
  buyers: readonly Buyer[],
  cart: readonly string[],
  settings: { durationSeconds: number; warmupSeconds: number },
): Promise<LoadResult> {
  await purchase(baseUrl, buyers[0] ?? { token: '' }, cart);
  if (settings.warmupSeconds > 0) await buyFor(baseUrl, buyers, cart, settings.warmupSeconds);
  const { times, errors, firstError } = await buyFor(baseUrl, buyers, cart, settings.durationSeconds);
  if (times.length === 0) throw firstError instanceof Error ? firstError : new Error('no purchase completed');
  const sorted = times.sort((a, b) => a - b);
  return {
    rps: round1(times.length / settings.durationSeconds),
    p50_ms: round1(percentile(sorted, 50)),
    p99_ms: round1(percentile(sorted, 99)),
    errors,
  };
}
