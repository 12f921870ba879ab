import { FIT_ANSWER_LABELS, FIT_ANSWERS, type FitSummary } from '@shop/contract/fit';

/**
 * What customers say of the fit, beside the size picker: the advice once enough of them said, a scale
 * marking the verdict, and the sizes customers of each usual size kept. Nothing while there is nothing
 * to say, so a new product's page is not cluttered with an empty note.
 */
export function FitNote({ summary }: { summary: FitSummary | null | undefined }) {
  if (!summary || (summary.advice === null && summary.keptSizes.length === 0)) return null;
  const { verdict, advice, keptSizes, answers } = summary;
  return (
    <section aria-labelledby="fit-note-title" className="mt-4 rounded-2xl border border-sand bg-linen/60 px-4 py-3">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="fit-note-title" className="text-xs font-medium tracking-[0.14em] text-muted uppercase">
          Fit
        </h2>
        {answers > 0 && (
          <p className="text-xs text-muted">
            From {answers} {answers === 1 ? 'customer' : 'customers'}
          </p>
        )}
      </div>
      {advice && <p className="mt-1 text-sm text-ink">{advice}</p>}
      {verdict && (
        // The sentence above says it in words; the scale shows where it falls.
        <div aria-hidden="true" className="mt-2 grid max-w-sm grid-cols-3 gap-1">
          {FIT_ANSWERS.map((answer) => (
            <div key={answer}>
              <span className={`block h-1.5 rounded-full ${answer === verdict ? 'bg-clay' : 'bg-sand'}`} />
              <span
                className={`mt-1 block text-center text-[11px] ${answer === verdict ? 'font-medium text-ink' : 'text-muted'}`}
              >
                {FIT_ANSWER_LABELS[answer]}
              </span>
            </div>
          ))}
        </div>
      )}
      {keptSizes.length > 0 && (
        <ul className="mt-2 space-y-0.5 text-sm text-ink/85">
          {keptSizes.map((kept) => (
            <li key={kept.usualSize}>
              Customers who usually wear <strong className="font-medium text-ink">{kept.usualSize}</strong> kept{' '}
              <strong className="font-medium text-ink">{kept.keptSize}</strong>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
