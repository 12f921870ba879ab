import { type InsightRange, ORDERS_CSV_COLUMNS } from '@shop/contract/insight';
import type { Queryable } from '../../db/client';
import { csvMoney, csvRow } from '../../platform/csv';
import { type ExportCursor, type ExportedOrder, ordersPage } from './insight.queries';

/** Orders read per query: a few hundred kilobytes of CSV, whatever the range holds. */
export const EXPORT_PAGE_SIZE = 1000;

const orderRow = (o: ExportedOrder) =>
  csvRow([
    o.id,
    o.orderId,
    o.createdAt,
    o.email,
    o.status,
    o.items,
    csvMoney(o.subtotalCents),
    o.discountCode ?? '',
    csvMoney(o.discountCents),
    csvMoney(o.taxCents),
    csvMoney(o.shippingCents),
    csvMoney(o.amountCents),
    csvMoney(o.refundedCents),
    csvMoney(o.amountCents - o.refundedCents),
  ]);

/**
 * The range's orders as CSV, newest first, a page of orders at a time: the export streams without holding
 * the range in memory. The first page is read before this returns, so a database that is not answering is
 * a 503 before any byte goes out rather than a download cut short.
 */
export async function ordersCsv(db: Queryable, range: InsightRange): Promise<AsyncIterable<string>> {
  const first = await ordersPage(db, range, null, EXPORT_PAGE_SIZE);
  async function* lines(): AsyncGenerator<string> {
    yield csvRow(ORDERS_CSV_COLUMNS);
    let page = first;
    while (page.length > 0) {
      yield page.map(orderRow).join('');
      if (page.length < EXPORT_PAGE_SIZE) return;
      const last: ExportCursor = (page.at(-1) as ExportedOrder).cursor;
      page = await ordersPage(db, range, last, EXPORT_PAGE_SIZE);
    }
  }
  return lines();
}
