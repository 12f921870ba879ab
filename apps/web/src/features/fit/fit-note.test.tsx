/** @jsxRuntime automatic @jsxImportSource react */
import { FIT_ADVICE, type FitSummary } from '@shop/contract/fit';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FitNote } from './fit-note';

const textOf = (html: string) =>
  html
    .replace(/<!-- -->/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const summary = (over: Partial<FitSummary> = {}): FitSummary => ({
  answers: 6,
  runsSmall: 4,
  trueToSize: 2,
  runsLarge: 0,
  verdict: 'runs_small',
  advice: FIT_ADVICE.runs_small,
  keptSizes: [],
  ...over,
});

describe('the fit note', () => {
  it('says the advice, how many answered, and the sizes customers kept', () => {
    const text = textOf(
      renderToStaticMarkup(
        <FitNote summary={summary({ keptSizes: [{ usualSize: 'M', keptSize: 'L', customers: 3 }] })} />,
      ),
    );
    expect(text).toContain('Fit From 6 customers');
    expect(text).toContain('Most customers say this runs small: we suggest one size up');
    expect(text).toContain('Customers who usually wear M kept L');
  });

  it('shows nothing while there is nothing to say, or no answer yet', () => {
    const quiet = summary({ answers: 3, runsSmall: 3, trueToSize: 0, verdict: null, advice: null });
    expect(renderToStaticMarkup(<FitNote summary={quiet} />)).toBe('');
    expect(renderToStaticMarkup(<FitNote summary={undefined} />)).toBe('');
  });

  it('gives the kept sizes alone when too few said how it fits', () => {
    const kept = summary({
      answers: 1,
      verdict: null,
      advice: null,
      keptSizes: [{ usualSize: 'S', keptSize: 'XS', customers: 4 }],
    });
    const text = textOf(renderToStaticMarkup(<FitNote summary={kept} />));
    expect(text).toBe('Fit From 1 customer Customers who usually wear S kept XS');
  });
});
