import { addDays, isoDayOf } from '@shop/contract/insight';
import {
  INSIGHT_SIZE_RETURNS_FACTOR,
  INSIGHT_SIZE_RETURNS_MIN_SOLD,
  type InsightReturns,
} from '@shop/contract/insight-returns';
import { RETURN_REASONS, type ReturnReason, SIZE_RETURN_REASONS } from '@shop/contract/returns';
import { SIZE_SCALES } from '@shop/contract/sizes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createProduct, createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';
import { placeOrder, returnItem } from '../fit/fit-test-kit';

/** The insight's return rates, against a seeded set of sales and returns whose figures the test works out. */
let t: TestApp;
let admin: TestUser;
let shopper: TestUser;

const today = isoDayOf(new Date());
const range = { from: addDays(today, -6), to: today };

interface Sale {
  product: 'a' | 'b' | 'c' | 'd';
  size: string;
  quantity: number;
  back?: { reason: ReturnReason; quantity: number; rejected?: boolean }[];
  /** Out of the range, or cancelled: not sold in it. */
  before?: boolean;
  cancelled?: boolean;
}

const SALES: Sale[] = [
  // A: ten sold, four back for size: its size returns stand out.
  { product: 'a', size: 'S', quantity: 5, back: [{ reason: 'too_small', quantity: 3 }] },
  { product: 'a', size: 'M', quantity: 5, back: [{ reason: 'too_large', quantity: 1 }] },
  // B: twenty sold, one back for size and one refused.
  { product: 'b', size: 'M', quantity: 10, back: [{ reason: 'too_large', quantity: 1 }] },
  { product: 'b', size: 'L', quantity: 10, back: [{ reason: 'too_small', quantity: 2, rejected: true }] },
  // C: ten sold, one faulty, one changed mind.
  {
    product: 'c',
    size: 'M',
    quantity: 10,
    back: [
      { reason: 'faulty', quantity: 1 },
      { reason: 'changed_mind', quantity: 1 },
    ],
  },
  // D: two sold, both back for size, too few sold to stand out.
  { product: 'd', size: 'XS', quantity: 2, back: [{ reason: 'too_small', quantity: 2 }] },
  // Neither counts: an order before the range, a cancelled one.
  { product: 'a', size: 'S', quantity: 4, before: true, back: [{ reason: 'too_small', quantity: 4 }] },
  { product: 'b', size: 'S', quantity: 3, cancelled: true },
];

const ids: Record<Sale['product'], string> = { a: '', b: '', c: '', d: '' };

beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.db);
  shopper = await createUser(t.db);
  const stock = SIZE_SCALES.clothing.map((size) => ({ size, onHand: 100 }));
  for (const key of Object.keys(ids) as Sale['product'][]) {
    const product = await createProduct(t.db, { name: `Piece ${key.toUpperCase()}`, sizeScale: 'clothing', stock });
    ids[key] = product.id;
  }
  for (const sale of SALES) {
    const createdAt = sale.before ? new Date(Date.parse(`${addDays(range.from, -3)}T12:00:00Z`)) : new Date();
    const [item] = await placeOrder(
      t.db,
      shopper.id,
      [{ product: { id: ids[sale.product], name: `Piece ${sale.product}` }, size: sale.size, quantity: sale.quantity }],
      { status: sale.cancelled ? 'cancelled' : 'completed', createdAt },
    );
    for (const back of sale.back ?? []) {
      await returnItem(t.db, item as string, back.reason, {
        quantity: back.quantity,
        status: back.rejected ? 'rejected' : 'refunded',
      });
    }
  }
}, 60_000);
afterAll(() => t.close());

const rate = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 10_000) / 10_000 : 0);
const counted = SALES.filter((s) => !s.before && !s.cancelled);
const backOf = (s: Sale, only?: readonly ReturnReason[]) =>
  (s.back ?? []).filter((b) => !b.rejected && (!only || only.includes(b.reason))).reduce((n, b) => n + b.quantity, 0);
const sum = (list: Sale[], f: (s: Sale) => number) => list.reduce((n, s) => n + f(s), 0);

async function returns(query = range, user = admin): Promise<{ status: number; body: InsightReturns }> {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/insight/returns?from=${query.from}&to=${query.to}`,
    headers: user.headers,
  });
  return { status: res.statusCode, body: res.json() };
}

describe('GET /api/insight/returns', () => {
  it("gives the range's return rate, by reason and by size, of its own sales", async () => {
    const sold = sum(counted, (s) => s.quantity);
    const returned = sum(counted, (s) => backOf(s));
    const { status, body } = await returns();
    expect(status).toBe(200);
    expect(body).toMatchObject({
      from: range.from,
      to: range.to,
      sold,
      returned,
      rate: rate(returned, sold),
      sizeRate: rate(
        sum(counted, (s) => backOf(s, SIZE_RETURN_REASONS)),
        sold,
      ),
    });
    expect(body.byReason).toEqual(
      RETURN_REASONS.map((reason) => {
        const units = sum(counted, (s) => backOf(s, [reason]));
        return { reason, returned: units, rate: rate(units, sold) };
      }),
    );
    const sizes = SIZE_SCALES.clothing.filter((size) => counted.some((s) => s.size === size));
    expect(body.bySize).toEqual(
      sizes.map((size) => {
        const of = counted.filter((s) => s.size === size);
        const units = sum(of, (s) => s.quantity);
        return {
          size,
          sold: units,
          returned: sum(of, (s) => backOf(s)),
          rate: rate(
            sum(of, (s) => backOf(s)),
            units,
          ),
        };
      }),
    );
  });

  it('lists products by return rate, and those whose size returns stand out on enough sales', async () => {
    const { body } = await returns();
    const perProduct = (Object.keys(ids) as Sale['product'][]).map((key) => {
      const of = counted.filter((s) => s.product === key);
      const sold = sum(of, (s) => s.quantity);
      const returned = sum(of, (s) => backOf(s));
      const sizeReturned = sum(of, (s) => backOf(s, SIZE_RETURN_REASONS));
      return {
        productId: ids[key],
        name: `Piece ${key.toUpperCase()}`,
        sold,
        returned,
        rate: rate(returned, sold),
        sizeReturned,
        sizeRate: rate(sizeReturned, sold),
      };
    });
    const byRate = [...perProduct].sort((x, y) => y.returned / y.sold - x.returned / x.sold);
    expect(body.byProduct).toEqual(byRate.filter((p) => p.returned > 0));
    const shopSizeRate = sum(counted, (s) => backOf(s, SIZE_RETURN_REASONS)) / sum(counted, (s) => s.quantity);
    const standOuts = perProduct.filter(
      (p) =>
        p.sold >= INSIGHT_SIZE_RETURNS_MIN_SOLD &&
        p.sizeReturned / p.sold >= shopSizeRate * INSIGHT_SIZE_RETURNS_FACTOR,
    );
    expect(standOuts.map((p) => p.name)).toEqual(['Piece A']);
    expect(body.sizeStandOuts).toEqual(standOuts);
  });

  it('is for admins only, and refuses a bad range', async () => {
    expect((await returns(range, shopper)).status).toBe(403);
    const backwards = await returns({ from: range.to, to: range.from });
    expect(backwards.status).toBe(400);
    expect(backwards.body).toHaveProperty('message');
  });

  it('gives zero rates for a range without sales', async () => {
    const empty = { from: addDays(today, -300), to: addDays(today, -290) };
    const { body } = await returns(empty);
    expect(body).toMatchObject({
      sold: 0,
      returned: 0,
      rate: 0,
      sizeRate: 0,
      bySize: [],
      byProduct: [],
      sizeStandOuts: [],
    });
  });
});
