import type { InsightSummary } from '@shop/contract/insight';
import { formatMoney } from '@shop/contract/money';
import { capitalise } from '../../lib/capitalise';
import { BarChart } from '../../ui/dashboard-kit/charts/bar-chart';
import { ChartCard } from '../../ui/dashboard-kit/charts/chart-card';
import { MoneyLineChart } from '../../ui/dashboard-kit/charts/line-chart';
import { formatCount, formatShortDay } from './insight-format';

/** Revenue of each day of the range, and the items sold in each category. */
export function SalesCharts({ summary }: { summary: InsightSummary }) {
  const dayLabels = summary.days.map((d) => formatShortDay(d.date));
  const dayRevenue = summary.days.map((d) => d.revenue);
  const best = summary.days.reduce<InsightSummary['days'][number] | null>(
    (top, d) => (top === null || d.revenue > top.revenue ? d : top),
    null,
  );
  const categoryLabels = summary.categories.map((c) => capitalise(c.category));
  const categoryRevenue = summary.categories.map((c) => c.revenue);
  const categoryFigures = summary.categories.map(
    (c, i) =>
      `${categoryLabels[i]}: ${formatMoney(c.revenue)} (${formatCount(c.units)} ${c.units === 1 ? 'item' : 'items'})`,
  );
  return (
    <div className="grid gap-6 xl:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <ChartCard
        title="Revenue per day"
        summary={`Line chart of revenue net of refunds for each of ${summary.days.length} days, from ${formatMoney(
          Math.min(...dayRevenue, 0),
        )} to ${formatMoney(Math.max(...dayRevenue, 0))}${best && best.revenue > 0 ? `; the best day was ${formatShortDay(best.date)} with ${formatMoney(best.revenue)}` : ''}.`}
      >
        <MoneyLineChart label="Revenue" labels={dayLabels} values={dayRevenue} />
      </ChartCard>
      <ChartCard
        title="Revenue by category"
        summary={`Bar chart of the items sold in each category. ${categoryFigures.join(', ')}.`}
      >
        <BarChart
          label="Revenue"
          labels={categoryLabels}
          values={categoryRevenue}
          money
          details={summary.categories.map((c) => `${formatCount(c.units)} ${c.units === 1 ? 'item' : 'items'} sold`)}
        />
      </ChartCard>
    </div>
  );
}
