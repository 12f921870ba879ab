import { INSIGHT_PRESET_DAYS, type InsightRange, insightRangeSchema, isoDayOf } from '@shop/contract/insight';
import { useEffect, useState } from 'react';
import { Button } from '../../ui/button';
import { SchemaField, useSchemaForm } from '../../ui/schema-form';
import { formatDay } from './insight-format';
import type { InsightRangeState } from './use-insight-range';

const pill =
  'inline-flex cursor-pointer items-center rounded-full border border-sand bg-white px-4 py-2 text-sm text-ink transition-colors hover:border-ink peer-checked:border-ink peer-checked:bg-ink peer-checked:text-ivory peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-clay';

/** Days of the admin's own choosing, checked by the same schema as the server checks them. */
function CustomRangeForm({ range, onApply }: { range: InsightRange; onApply: (range: InsightRange) => void }) {
  const form = useSchemaForm(insightRangeSchema);
  const { from, to } = range;
  useEffect(() => {
    form.reset({ from, to });
  }, [form, from, to]);
  const today = isoDayOf(new Date());
  return (
    <form
      onSubmit={form.handleSubmit(onApply)}
      noValidate
      aria-label="Choose the days"
      className="mt-4 grid gap-4 sm:grid-cols-[minmax(0,12rem)_minmax(0,12rem)_auto] sm:items-start"
    >
      <SchemaField form={form} name="from" id="insight-from" label="From" type="date" max={today} />
      <SchemaField form={form} name="to" id="insight-to" label="To" type="date" />
      <Button type="submit" className="sm:mt-[1.375rem] sm:justify-self-start">
        Show these days
      </Button>
    </form>
  );
}

/** The last 7, 30 or 90 days up to today, or a range of the admin's own days (at most a year). */
export function InsightRangePicker({ range, preset, choosePreset, chooseCustom }: InsightRangeState) {
  const [customOpen, setCustomOpen] = useState(preset === null);
  const custom = preset === null || customOpen;
  return (
    <section aria-labelledby="insight-range-title" className="rounded-2xl border border-sand bg-white p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="insight-range-title" className="text-xs font-medium tracking-[0.14em] text-muted uppercase">
          Days shown
        </h2>
        <p className="text-sm text-ink" aria-live="polite">
          {formatDay(range.from)} – {formatDay(range.to)} <span className="text-muted">(UTC)</span>
        </p>
      </div>
      <fieldset className="mt-3">
        <legend className="sr-only">Range</legend>
        <div className="flex flex-wrap gap-2">
          {INSIGHT_PRESET_DAYS.map((days) => (
            <label key={days}>
              <input
                type="radio"
                name="insight-range"
                className="peer sr-only"
                checked={!custom && preset === days}
                onChange={() => {
                  setCustomOpen(false);
                  choosePreset(days);
                }}
              />
              <span className={pill}>Last {days} days</span>
            </label>
          ))}
          <label>
            <input
              type="radio"
              name="insight-range"
              className="peer sr-only"
              checked={custom}
              onChange={() => setCustomOpen(true)}
            />
            <span className={pill}>Custom</span>
          </label>
        </div>
      </fieldset>
      {custom && <CustomRangeForm range={range} onApply={chooseCustom} />}
    </section>
  );
}
