import type { InsightSummary } from '@shop/contract/insight';
import { formatMoney } from '@shop/contract/money';
import { buttonClass } from '../../ui/button';
import { PageHeader } from '../../ui/dashboard-kit/page-header';
import { QueryState } from '../../ui/dashboard-kit/query-state';
import { STAT_ICONS, StatCard, StatCardsSkeleton } from '../../ui/dashboard-kit/stat-card';
import { EmptyState } from '../../ui/status-message';
import { FailedSearchesCard } from './failed-searches-card';
import { FunnelCard } from './funnel-card';
import { ordersCsvHref, useGetInsightSummaryQuery } from './insight.api';
import { failedWithReason } from './insight-failed';
import { formatCount } from './insight-format';
import { InsightRangePicker } from './insight-range-picker';
import { LowStockCard } from './low-stock-card';
import { MostWaitedCard } from './most-waited-card';
import { MostWishedCard } from './most-wished-card';
import { ReturnsPanel } from './returns-panel';
import { SalesCharts } from './sales-charts';
import { TopProductsTable } from './top-products-table';
import { useInsightRange } from './use-insight-range';

const REFUND_ICON = 'M4 12a8 8 0 1 0 2.3-5.6M4 4v4h4';
const AVERAGE_ICON = 'M4 19h16M7 16V9m5 7V5m5 11v-4';

function Figures({ summary }: { summary: InsightSummary }) {
  return (
    <div className="space-y-8">
      <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
        <StatCard label="Revenue, net of refunds" value={formatMoney(summary.revenue)} icon={STAT_ICONS.money} />
        <StatCard label="Orders" value={formatCount(summary.orders)} icon={STAT_ICONS.orders} />
        <StatCard label="Average order value" value={formatMoney(summary.averageOrderValue)} icon={AVERAGE_ICON} />
        <StatCard label="Refunded" value={formatMoney(summary.refunded)} icon={REFUND_ICON} />
      </div>
      {summary.orders === 0 ? (
        <EmptyState title="No orders in these days">
          Choose other days, or wait for the first order: the charts of revenue and categories fill in as orders come.
          What shoppers looked at is counted below all the same.
        </EmptyState>
      ) : (
        <SalesCharts summary={summary} />
      )}
      <FunnelCard funnel={summary.funnel} />
      <div className="grid gap-8 xl:grid-cols-2">
        <TopProductsTable title="Top products by revenue" products={summary.topByRevenue} rankedBy="revenue" />
        <TopProductsTable title="Top products by units" products={summary.topByUnits} rankedBy="units" />
      </div>
      <div className="grid items-start gap-6 xl:grid-cols-2">
        <MostWishedCard products={summary.mostWished} />
        <MostWaitedCard sizes={summary.mostWaited} />
        <FailedSearchesCard searches={summary.failedSearches} />
        <LowStockCard />
      </div>
      <p className="text-xs text-muted">
        Days are UTC days. Revenue is what the orders charged (items, tax and shipping, after discounts) less what was
        refunded in the range, on the day each refund was made. Products and categories count the items at the price
        they sold at, before tax, shipping, discounts and refunds. Views, carts and searches reach these figures within
        seconds.
      </p>
    </div>
  );
}

/** The owner's sales insight for a range of days: what sold, what it brought in and where shoppers stopped. */
export function InsightPage() {
  const rangeState = useInsightRange();
  const { range } = rangeState;
  const query = useGetInsightSummaryQuery(range, { refetchOnMountOrArgChange: true });
  const { isFetching } = query;
  return (
    <>
      <PageHeader
        eyebrow="Admin dashboard"
        title="Sales Insight"
        description="Revenue, orders and what sold, and how shoppers went from a product to an order, for the days you choose."
        actions={
          <a href={ordersCsvHref(range)} download className={buttonClass('outline', 'sm')}>
            Download CSV<span className="sr-only"> of these days' orders</span>
          </a>
        }
      />
      <div className="space-y-8">
        <InsightRangePicker {...rangeState} />
        <QueryState
          query={query}
          loading={<StatCardsSkeleton count={4} label="Loading the sales insight" />}
          failed={failedWithReason('The sales insight could not be loaded.')}
        >
          {(summary) => (
            <div className={`transition-opacity ${isFetching ? 'opacity-60' : ''}`} aria-busy={isFetching}>
              <Figures summary={summary} />
              {/* Asked for once the totals are shown, as the charts are, so the page never jumps under them. */}
              <div className="mt-12">
                <ReturnsPanel range={range} />
              </div>
            </div>
          )}
        </QueryState>
      </div>
    </>
  );
}
