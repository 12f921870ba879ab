const dayFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' });
const shortDayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
const countFormat = new Intl.NumberFormat('en-US');
const percentFormat = new Intl.NumberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 });

/** A UTC day (YYYY-MM-DD) as "Nov 25, 2026": the insight's days are the shop's UTC days. */
export const formatDay = (day: string) => dayFormat.format(new Date(`${day}T00:00:00Z`));
/** "Nov 25", for a chart's axis. */
export const formatShortDay = (day: string) => shortDayFormat.format(new Date(`${day}T00:00:00Z`));
export const formatCount = (n: number) => countFormat.format(n);

/** `part` of `whole` as a percentage, or a dash when there was nothing to convert from. */
export const formatShare = (part: number, whole: number) => (whole > 0 ? percentFormat.format(part / whole) : '–');
/** A rate the API gives as a share (0.125) as "12.5%". */
export const formatRate = (rate: number) => percentFormat.format(rate);
