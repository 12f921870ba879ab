import {
  INSIGHT_DEFAULT_DAYS,
  INSIGHT_PRESET_DAYS,
  type InsightRange,
  insightRangeSchema,
  lastDays,
} from '@shop/contract/insight';
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';

export type PresetDays = (typeof INSIGHT_PRESET_DAYS)[number];

export interface InsightRangeState {
  range: InsightRange;
  /** The preset in force, or null for a range of the admin's own days. */
  preset: PresetDays | null;
  choosePreset: (days: PresetDays) => void;
  chooseCustom: (range: InsightRange) => void;
}

const isPreset = (days: number): days is PresetDays => (INSIGHT_PRESET_DAYS as readonly number[]).includes(days);

/**
 * The insight's range in the address (`?days=30`, or `?from=…&to=…`), so a reload or a shared link shows the
 * same figures; a preset means the last days up to today (UTC), whenever the link is opened.
 */
export function useInsightRange(): InsightRangeState {
  const [params, setParams] = useSearchParams();
  const days = Number(params.get('days'));
  const from = params.get('from');
  const to = params.get('to');
  const state = useMemo(() => {
    const custom = insightRangeSchema.safeParse({ from, to });
    if (custom.success) return { range: custom.data, preset: null };
    const preset: PresetDays = isPreset(days) ? days : INSIGHT_DEFAULT_DAYS;
    return { range: lastDays(preset), preset };
  }, [days, from, to]);
  const choosePreset = useCallback((next: PresetDays) => setParams({ days: String(next) }), [setParams]);
  const chooseCustom = useCallback((next: InsightRange) => setParams({ from: next.from, to: next.to }), [setParams]);
  return { ...state, choosePreset, chooseCustom };
}
