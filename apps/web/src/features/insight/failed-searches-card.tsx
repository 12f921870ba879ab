import type { InsightSummary } from '@shop/contract/insight';
import { formatCount } from './insight-format';

/** What shoppers looked for and did not find: products to stock, or words to add to descriptions. */
export function FailedSearchesCard({ searches }: { searches: InsightSummary['failedSearches'] }) {
  return (
    <section aria-labelledby="failed-searches-title" className="rounded-2xl border border-sand bg-white p-5 sm:p-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="failed-searches-title" className="font-display text-xl text-ink">
          Searches that found nothing
        </h2>
        <p className="text-xs text-muted">Most asked first</p>
      </div>
      {searches.length === 0 ? (
        <p className="mt-4 text-sm text-muted">Every search in these days found something.</p>
      ) : (
        <ol className="mt-4 divide-y divide-sand">
          {searches.map((s) => (
            <li key={s.term} className="flex items-baseline justify-between gap-4 py-2.5">
              <span className="min-w-0 text-sm break-words text-ink">“{s.term}”</span>
              <span className="shrink-0 text-sm text-muted tabular-nums">
                {formatCount(s.count)} {s.count === 1 ? 'time' : 'times'}
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
