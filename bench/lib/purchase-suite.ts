import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { BENCH_ADMIN, BENCH_BUYERS, type Dataset } from './datasets';
import type { LoadResult, LoadSettings } from './load';
import { attempt, logIn, type Measured } from './measured';
import { withPeakMemory } from './memory';
import { benchDir, repoRoot } from './options';
import { makeBenchCode, measureCheckoutSessions, measurePurchases } from './purchase';
import { measureReturnRequests } from './return-requests';

// The whole purchases (a customer's, a guest's, with a code), a checkout session alone, and the hash alone.

function hashCost(settings: LoadSettings): LoadResult {
  const out = execFileSync(process.execPath, ['--import', 'tsx', path.join(benchDir, 'hash-cost.ts')], {
    cwd: repoRoot,
    env: {
      ...process.env,
      CONNECTIONS: String(settings.connections),
      DURATION_SECONDS: String(settings.durationSeconds),
      WARMUP_SECONDS: String(settings.warmupSeconds),
    },
    encoding: 'utf8',
  });
  return JSON.parse(out.trim().split('\n').at(-1) ?? '{}') as LoadResult;
}

export const PURCHASE_ROWS = [
  'purchase',
  'purchase_guest',
  'purchase_with_code',
  'checkout_session',
  'return_request',
  'password_hash',
] as const;
export type PurchaseRow = (typeof PURCHASE_ROWS)[number];

export async function runPurchaseAndHash(
  shopUrl: string,
  dataset: Dataset,
  settings: LoadSettings,
  only: readonly PurchaseRow[] = PURCHASE_ROWS,
  shopPid?: number,
): Promise<Partial<Record<PurchaseRow, Measured>>> {
  const buyers = () => Promise.all(BENCH_BUYERS.map(async (email) => ({ token: await logIn(shopUrl, email) })));
  const rows: Record<PurchaseRow, [string, () => Promise<LoadResult>]> = {
    purchase: [
      'purchase',
      async () => {
        const signedIn = await buyers();
        return withPeakMemory(shopPid, () => measurePurchases(shopUrl, signedIn, dataset.fixtures.cartLines, settings));
      },
    ],
    purchase_guest: [
      'purchase as a guest',
      async () => {
        // As many guests as customers, each paying with the e-mail typed on the page.
        const guests = BENCH_BUYERS.map((_, i) => ({ token: '', guestEmail: `bench-guest-${i}@example.com` }));
        return withPeakMemory(shopPid, () => measurePurchases(shopUrl, guests, dataset.fixtures.cartLines, settings));
      },
    ],
    purchase_with_code: [
      'purchase with a discount code',
      async () => {
        const code = await makeBenchCode(shopUrl, await logIn(shopUrl, BENCH_ADMIN));
        const signedIn = await buyers();
        return withPeakMemory(shopPid, () =>
          measurePurchases(shopUrl, signedIn, dataset.fixtures.cartLines, settings, code),
        );
      },
    ],
    checkout_session: [
      'checkout session with a size held',
      async () => {
        const signedIn = await buyers();
        return withPeakMemory(shopPid, () =>
          measureCheckoutSessions(shopUrl, signedIn, dataset.fixtures.sizedLine, settings),
        );
      },
    ],
    return_request: [
      'return request',
      async () => {
        const signedIn = await buyers();
        const admin = await logIn(shopUrl, BENCH_ADMIN);
        return withPeakMemory(shopPid, () =>
          measureReturnRequests(shopUrl, signedIn, admin, dataset.fixtures.cartLines, settings),
        );
      },
    ],
    password_hash: ['password hash alone', async () => hashCost(settings)],
  };
  const measured: Partial<Record<PurchaseRow, Measured>> = {};
  for (const row of only) {
    const [label, work] = rows[row];
    measured[row] = await attempt(label, work);
  }
  return measured;
}
