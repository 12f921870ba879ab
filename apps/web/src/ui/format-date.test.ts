import { describe, expect, it } from 'vitest';
import { formatLongDate, formatMediumDate } from './format-date';

const DATES = [
  '2026-01-01T00:00:00',
  '2026-02-28T23:59:59',
  '2026-05-09T12:00:00',
  '2025-09-30T08:30:00',
  '2026-12-31T18:00:00',
];

describe('storefront dates', () => {
  it.each(DATES)('reads %s as Intl en-US does', (iso) => {
    const date = new Date(iso);
    expect(formatMediumDate(date)).toBe(new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }).format(date));
    expect(formatLongDate(date)).toBe(new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(date));
  });
});
