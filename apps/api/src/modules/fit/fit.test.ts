import {
  FIT_ADVICE,
  FIT_SIZE_ADVICE_MIN_CUSTOMERS,
  FIT_SUMMARY_MIN_ANSWERS,
  type FitAnswer,
  type FitSummary,
} from '@shop/contract/fit';
import type { ReturnReason } from '@shop/contract/returns';
import { SIZE_SCALES } from '@shop/contract/sizes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { placeOrder, returnItem, reviewFit } from './fit-test-kit';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
}, 60_000);
afterAll(() => t.close());

const CLOTHING = SIZE_SCALES.clothing.map((size) => ({ size, onHand: 100 }));
const dress = () => createProduct(t.db, { sizeScale: 'clothing', stock: CLOTHING });
const customer = async () => (await createUser(t.db)).id;

async function summaryOf(productId: string): Promise<FitSummary> {
  const res = await t.app.inject({ method: 'GET', url: `/api/products/${productId}/fit` });
  expect(res.statusCode).toBe(200);
  return res.json();
}

/** What customers said of a product, as the test seeds it. */
type Said = { review: FitAnswer } | { returned: ReturnReason; rejected?: boolean };

/** The summary's counts and verdict, worked out here from what was said, as the rule reads. */
function expectedVerdict(said: Said[]) {
  const counted: FitAnswer[] = [];
  for (const s of said) {
    if ('review' in s) counted.push(s.review);
    else if (!s.rejected && s.returned === 'too_small') counted.push('runs_small');
    else if (!s.rejected && s.returned === 'too_large') counted.push('runs_large');
  }
  const of = (fit: FitAnswer) => counted.filter((c) => c === fit).length;
  let verdict: FitAnswer | null = null;
  if (counted.length >= FIT_SUMMARY_MIN_ANSWERS) {
    if (of('runs_small') * 2 > counted.length) verdict = 'runs_small';
    else if (of('runs_large') * 2 > counted.length) verdict = 'runs_large';
    else verdict = 'true_to_size';
  }
  return {
    answers: counted.length,
    runsSmall: of('runs_small'),
    trueToSize: of('true_to_size'),
    runsLarge: of('runs_large'),
    verdict,
    advice: verdict ? FIT_ADVICE[verdict] : null,
  };
}

async function seedSaid(productId: string, said: Said[]) {
  const product = { id: productId, name: 'Seeded' };
  for (const s of said) {
    if ('review' in s) {
      await reviewFit(t.db, await customer(), productId, s.review);
      continue;
    }
    const [item] = await placeOrder(t.db, await customer(), [{ product, size: 'M' }]);
    await returnItem(t.db, item as string, s.returned, { status: s.rejected ? 'rejected' : 'refunded' });
  }
}

describe('GET /api/products/:id/fit: the verdict', () => {
  // One answer short of the minimum, all of them saying it runs small, plus what never counts.
  const fourAnswers: Said[] = [
    { review: 'runs_small' },
    { returned: 'too_small' },
    { returned: 'too_small' },
    { review: 'runs_small' },
    { returned: 'too_small', rejected: true },
    { returned: 'faulty' },
    { returned: 'changed_mind' },
  ];

  it('gives no verdict nor advice below the minimum of answers, refused and other returns not counted', async () => {
    const product = await dress();
    await reviewFit(t.db, await customer(), product.id, null);
    await seedSaid(product.id, fourAnswers);
    const expected = expectedVerdict(fourAnswers);
    expect(expected.answers).toBe(FIT_SUMMARY_MIN_ANSWERS - 1);
    expect(await summaryOf(product.id)).toEqual({ ...expected, verdict: null, advice: null, keptSizes: [] });
  });

  it('says it runs small from the minimum of answers on', async () => {
    const product = await dress();
    const said: Said[] = [...fourAnswers, { review: 'true_to_size' }];
    await seedSaid(product.id, said);
    const expected = expectedVerdict(said);
    expect(expected).toMatchObject({ answers: FIT_SUMMARY_MIN_ANSWERS, verdict: 'runs_small' });
    expect(await summaryOf(product.id)).toEqual({ ...expected, keptSizes: [] });
    expect(expected.advice).toBe('Most customers say this runs small: we suggest one size up');
  });

  it('says true to size when exactly half say it runs large, and runs large past half', async () => {
    const even = await dress();
    const half: Said[] = [
      { returned: 'too_large' },
      { review: 'runs_large' },
      { review: 'runs_large' },
      { review: 'true_to_size' },
      { review: 'true_to_size' },
      { review: 'runs_small' },
    ];
    await seedSaid(even.id, half);
    expect(await summaryOf(even.id)).toEqual({ ...expectedVerdict(half), keptSizes: [] });
    expect(expectedVerdict(half).verdict).toBe('true_to_size');

    const large = await dress();
    const more: Said[] = [...half, { returned: 'too_large' }];
    await seedSaid(large.id, more);
    const summary = await summaryOf(large.id);
    expect(summary).toEqual({ ...expectedVerdict(more), keptSizes: [] });
    expect(summary.advice).toBe('Most customers say this runs large: we suggest one size down');
  });

  it('answers 404 for an unknown product and 400 for a malformed id', async () => {
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/products/6f1c1f7e-2b8a-4c1e-9a57-3c1d2e4f5a6b/fit',
    });
    expect(unknown.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/api/products/not-an-id/fit' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('message');
  });
});

/** One purchase of a customer: of the product under test or of another piece, kept or not. */
interface Purchase {
  here: boolean;
  size: string;
  quantity?: number;
  returned?: number;
  rejected?: boolean;
  cancelled?: boolean;
}

const ORDER = SIZE_SCALES.clothing as readonly string[];

/** The most kept size of a tally, the smaller on a tie; undefined when nothing was kept. */
function mostKept(tally: Map<string, number>): string | undefined {
  const kept = [...tally].filter(([, units]) => units > 0);
  kept.sort(([a, x], [b, y]) => y - x || ORDER.indexOf(a) - ORDER.indexOf(b));
  return kept[0]?.[0];
}

/** The kept sizes the summary should list, worked out from the purchases as the rule reads. */
function expectedKeptSizes(customers: Purchase[][]) {
  const pairs = new Map<string, number>();
  for (const purchases of customers) {
    const all = new Map<string, number>();
    const here = new Map<string, number>();
    for (const p of purchases) {
      if (p.cancelled) continue;
      const kept = (p.quantity ?? 1) - (p.rejected ? 0 : (p.returned ?? 0));
      all.set(p.size, (all.get(p.size) ?? 0) + kept);
      if (p.here) here.set(p.size, (here.get(p.size) ?? 0) + kept);
    }
    const usual = mostKept(all);
    const keptHere = mostKept(here);
    if (usual && keptHere) pairs.set(`${usual}>${keptHere}`, (pairs.get(`${usual}>${keptHere}`) ?? 0) + 1);
  }
  const best = new Map<string, { usualSize: string; keptSize: string; customers: number }>();
  for (const [pair, customers] of pairs) {
    const [usualSize = '', keptSize = ''] = pair.split('>');
    const held = best.get(usualSize);
    if (
      !held ||
      customers > held.customers ||
      (customers === held.customers && ORDER.indexOf(keptSize) < ORDER.indexOf(held.keptSize))
    ) {
      best.set(usualSize, { usualSize, keptSize, customers });
    }
  }
  return [...best.values()]
    .filter((b) => b.keptSize !== b.usualSize && b.customers >= FIT_SIZE_ADVICE_MIN_CUSTOMERS)
    .sort((a, b) => ORDER.indexOf(a.usualSize) - ORDER.indexOf(b.usualSize));
}

describe('GET /api/products/:id/fit: the sizes customers kept', () => {
  const mWearsS: Purchase[] = [
    { here: false, size: 'M', quantity: 2 },
    { here: true, size: 'S' },
  ];
  // Usual size S (a tie of S and L goes to the smaller), kept XS here.
  const tieKeepsXs: Purchase[] = [
    { here: false, size: 'S', quantity: 2 },
    { here: false, size: 'L', quantity: 2 },
    { here: true, size: 'XS' },
  ];
  const customers: Purchase[][] = [
    mWearsS,
    mWearsS,
    // An S sent back and not accepted is still kept.
    [
      { here: false, size: 'M', quantity: 3 },
      { here: true, size: 'S', returned: 1, rejected: true },
    ],
    // Kept M here: one M customer against three.
    [
      { here: false, size: 'M' },
      { here: true, size: 'M' },
    ],
    // Usual L kept M: two, fewer than the minimum.
    [
      { here: false, size: 'L', quantity: 2 },
      { here: true, size: 'M' },
    ],
    [
      { here: false, size: 'L', quantity: 2 },
      { here: true, size: 'M' },
    ],
    // Sent the XL back: kept the L.
    [
      { here: false, size: 'L' },
      { here: true, size: 'XL', returned: 1 },
      { here: true, size: 'L' },
    ],
    tieKeepsXs,
    tieKeepsXs,
    tieKeepsXs,
    // A cancelled order keeps nothing: this M customer's XL does not count.
    [
      { here: false, size: 'M', quantity: 2 },
      { here: true, size: 'XL', cancelled: true },
    ],
  ];

  it('lists, per usual size, the size its customers kept most when it differs and enough kept it', async () => {
    const product = await dress();
    const other = await dress();
    for (const purchases of customers) {
      const userId = await customer();
      for (const p of purchases) {
        const [item] = await placeOrder(
          t.db,
          userId,
          [{ product: p.here ? product : other, size: p.size, quantity: p.quantity ?? 1 }],
          { status: p.cancelled ? 'cancelled' : 'completed' },
        );
        if (p.returned) {
          await returnItem(t.db, item as string, 'too_large', {
            quantity: p.returned,
            status: p.rejected ? 'rejected' : 'refunded',
          });
        }
      }
    }
    // A guest's order has no usual size to speak of.
    await placeOrder(t.db, null, [{ product, size: 'XS', quantity: 5 }]);

    const expected = expectedKeptSizes(customers);
    expect(expected).toEqual([
      { usualSize: 'S', keptSize: 'XS', customers: 3 },
      { usualSize: 'M', keptSize: 'S', customers: 3 },
    ]);
    expect((await summaryOf(product.id)).keptSizes).toEqual(expected);
  });

  it('lists nothing for a product in one size', async () => {
    const scarf = await createProduct(t.db);
    expect((await summaryOf(scarf.id)).keptSizes).toEqual([]);
  });
});
