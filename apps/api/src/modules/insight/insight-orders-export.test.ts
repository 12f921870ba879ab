import { addDays, ORDERS_CSV_COLUMNS } from '@shop/contract/insight';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../../db/schema';
import type { TestUser } from '../../test/factories';
import {
  admin,
  at,
  catalogue,
  inRange,
  insertOrder,
  range,
  seeded,
  shopper,
  startInsightShop,
  stopInsightShop,
  t,
  today,
} from '../../test/insight-test-kit';
import { EXPORT_PAGE_SIZE } from './orders-export';

/** The orders export: its rows and money, its cells made safe for a spreadsheet, its pages and its refusals. */
beforeAll(startInsightShop, 60_000);
afterAll(stopInsightShop);

describe('GET /api/insight/orders.csv', () => {
  const exportCsv = (query: { from: string; to: string }, user: TestUser = admin) =>
    t.app.inject({
      method: 'GET',
      url: `/api/insight/orders.csv?from=${query.from}&to=${query.to}`,
      headers: user.headers,
    });
  const rowsOf = (body: string) => body.split('\r\n').filter(Boolean);

  it("streams the range's orders newest first, one row each, with the money as the orders hold it", async () => {
    const res = await exportCsv(range);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="orders-${range.from}-to-${range.to}.csv"`);
    const [header, ...lines] = rowsOf(res.body);
    expect(header).toBe(ORDERS_CSV_COLUMNS.join(','));
    const expected = seeded.filter(inRange).concat();
    expect(lines.length).toBeGreaterThanOrEqual(expected.length);
    const refunded = seeded.find((o) => o.refundedCents === 2500);
    const line = lines.find((l) => l.startsWith(`${refunded?.id},`));
    const cells = line?.split(',') ?? [];
    expect(cells.slice(2, 6)).toEqual([refunded?.createdAt.toISOString(), refunded?.email, 'pending', '6']);
    expect(cells.slice(-3)).toEqual([
      ((refunded?.amountCents ?? 0) / 100).toFixed(2),
      '25.00',
      (((refunded?.amountCents ?? 0) - 2500) / 100).toFixed(2),
    ]);
    const times = lines.map((l) => Date.parse(l.split(',')[2] ?? ''));
    expect(times).toEqual([...times].sort((x, y) => y - x));
  });

  it('keeps a formula or a separator in a cell from doing anything in a spreadsheet', async () => {
    const day = addDays(today, -40);
    const p = catalogue[0] as (typeof catalogue)[number];
    await insertOrder(at(day, '10:00:00'), [{ product: p, unitPriceCents: p.priceCents, quantity: 1 }], {
      email: '=HYPERLINK("http://evil.test","x")@evil.test',
      discountCode: '+SPRING, "20"',
    });
    const res = await exportCsv({ from: day, to: day });
    const [, line] = rowsOf(res.body);
    expect(line).toContain(',"\'=HYPERLINK(""http://evil.test"",""x"")@evil.test",');
    expect(line).toContain(',"\'+SPRING, ""20""",');
  });

  it('goes through a range of more orders than one page holds, each once', async () => {
    const day = addDays(today, -200);
    const n = EXPORT_PAGE_SIZE + 5;
    // Many at the same instant: the pages must still neither repeat nor skip one.
    const createdAt = at(day, '12:00:00');
    await t.db.insert(orders).values(
      Array.from({ length: n }, (_, i) => ({
        orderId: `pay_bulk_${i}`,
        checkoutSessionId: `cs_bulk_${i}`,
        email: 'bulk@example.test',
        subtotalCents: 100,
        taxCents: 5,
        amountCents: 105,
        createdAt: i % 2 ? createdAt : new Date(createdAt.getTime() + i),
      })),
    );
    const res = await exportCsv({ from: day, to: day });
    const lines = rowsOf(res.body).slice(1);
    expect(lines).toHaveLength(n);
    expect(new Set(lines.map((l) => l.split(',')[0])).size).toBe(n);
  });

  it('refuses a bad range and anyone but an admin', async () => {
    expect((await exportCsv({ from: today, to: addDays(today, -3) })).statusCode).toBe(400);
    expect((await exportCsv(range, shopper)).statusCode).toBe(403);
  });
});
