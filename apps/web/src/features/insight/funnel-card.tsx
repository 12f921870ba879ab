import type { InsightFunnel } from '@shop/contract/insight';
import { BarChart } from '../../ui/dashboard-kit/charts/bar-chart';
import { ChartCard } from '../../ui/dashboard-kit/charts/chart-card';
import { formatCount, formatShare } from './insight-format';

const STEPS: { key: keyof InsightFunnel; label: string }[] = [
  { key: 'productViews', label: 'Product views' },
  { key: 'addToCarts', label: 'Added to cart' },
  { key: 'checkoutsStarted', label: 'Checkouts started' },
  { key: 'ordersPaid', label: 'Orders paid' },
];

/** From a product seen to an order paid: each step's count, and how many of the step before got there. */
export function FunnelCard({ funnel }: { funnel: InsightFunnel }) {
  const counts = STEPS.map((s) => funnel[s.key]);
  const summary = `Bar chart of the funnel. ${STEPS.map((s, i) => `${s.label}: ${formatCount(counts[i] ?? 0)}`).join(', ')}.`;
  const counted = counts.some((n) => n > 0);
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
      {counted ? (
        <ChartCard title="From a look to an order" summary={summary}>
          <BarChart label="Shoppers" labels={STEPS.map((s) => s.label)} values={counts} horizontal />
        </ChartCard>
      ) : (
        <section
          aria-labelledby="funnel-empty-title"
          className="flex flex-col justify-center rounded-2xl border border-dashed border-taupe bg-white px-6 py-12 text-center"
        >
          <h2 id="funnel-empty-title" className="font-display text-xl text-ink">
            From a look to an order
          </h2>
          <p className="mx-auto mt-2 max-w-sm text-sm text-muted">
            Nobody looked at a product in these days yet. Views, carts and checkouts show here as shoppers come.
          </p>
        </section>
      )}
      <section aria-labelledby="funnel-steps-title" className="rounded-2xl border border-sand bg-white p-5 sm:p-6">
        <h2 id="funnel-steps-title" className="font-display text-xl text-ink">
          Step by step
        </h2>
        <ol className="mt-4 divide-y divide-sand">
          {STEPS.map((step, i) => (
            <li key={step.key} className="flex items-baseline justify-between gap-4 py-3">
              <span className="text-sm text-ink">{step.label}</span>
              <span className="text-right">
                <span className="font-display text-xl text-ink tabular-nums">{formatCount(counts[i] ?? 0)}</span>
                {i > 0 && (
                  <span className="block text-xs text-muted">
                    {formatShare(counts[i] ?? 0, counts[i - 1] ?? 0)} of {STEPS[i - 1]?.label.toLowerCase()}
                  </span>
                )}
              </span>
            </li>
          ))}
        </ol>
        <p className="mt-3 text-xs text-muted">
          Counted by the shop from its own pages: no tracker, no cookie, nothing kept of who it was. Robots and staff
          are left out.
        </p>
      </section>
    </div>
  );
}
