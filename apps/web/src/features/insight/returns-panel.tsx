import type { InsightRange } from '@shop/contract/insight';
import { INSIGHT_SIZE_RETURNS_FACTOR, INSIGHT_SIZE_RETURNS_MIN_SOLD } from '@shop/contract/insight-returns';
import { QueryState } from '../../ui/dashboard-kit/query-state';
import { StatCardsSkeleton } from '../../ui/dashboard-kit/stat-card';
import { useGetInsightReturnsQuery } from './insight.api';
import { failedWithReason } from './insight-failed';
import { formatCount, formatRate } from './insight-format';
import { ReturnsByReasonTable, ReturnsBySizeTable, ReturnsProductsTable } from './returns-tables';

function Figure({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <div className="rounded-2xl border border-sand bg-white px-5 py-4">
      <p className="text-xs font-medium tracking-[0.14em] text-muted uppercase">{label}</p>
      <p className="mt-1 font-display text-3xl text-ink tabular-nums">{value}</p>
      <p className="mt-1 text-xs text-muted">{detail}</p>
    </div>
  );
}

/**
 * The owner's returns for the range: the return rate of its sales by reason, size and product, and the
 * products whose returns for size stand out from the shop's, to check their size guide or pictures first.
 */
export function ReturnsPanel({ range }: { range: InsightRange }) {
  const query = useGetInsightReturnsQuery(range, { refetchOnMountOrArgChange: true });
  return (
    <section aria-labelledby="returns-title" className="space-y-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="returns-title" className="font-display text-2xl text-ink">
          Returns
        </h2>
        <p className="text-xs text-muted">Of the units sold in these days, whenever they came back</p>
      </div>
      <QueryState
        query={query}
        loading={<StatCardsSkeleton count={2} label="Loading the returns" />}
        failed={failedWithReason('The returns could not be loaded.')}
      >
        {(returns) =>
          returns.sold === 0 ? (
            <p className="rounded-2xl border border-dashed border-taupe px-5 py-8 text-center text-sm text-muted">
              Nothing sold in these days, so nothing to return.
            </p>
          ) : (
            <div className="space-y-6">
              <div className="grid gap-4 sm:grid-cols-2">
                <Figure
                  label="Return rate"
                  value={formatRate(returns.rate)}
                  detail={`${formatCount(returns.returned)} of ${formatCount(returns.sold)} units sold came back`}
                />
                <Figure
                  label="Returned for size"
                  value={formatRate(returns.sizeRate)}
                  detail="Sent back as too small or too large"
                />
              </div>
              <ReturnsProductsTable
                title="Size returns that stand out"
                note={`At least ${INSIGHT_SIZE_RETURNS_FACTOR} times the shop's rate for size, on ${INSIGHT_SIZE_RETURNS_MIN_SOLD} or more sold`}
                empty="No product's returns for size stand out from the shop's."
                products={returns.sizeStandOuts}
                rankedBy="size"
              />
              <ReturnsProductsTable
                title="Most returned products"
                note="Returned units over units sold"
                empty="Nothing sold in these days has come back."
                products={returns.byProduct}
                rankedBy="all"
              />
              <div className="grid items-start gap-6 xl:grid-cols-2">
                <ReturnsByReasonTable reasons={returns.byReason} />
                <ReturnsBySizeTable sizes={returns.bySize} />
              </div>
            </div>
          )
        }
      </QueryState>
    </section>
  );
}
