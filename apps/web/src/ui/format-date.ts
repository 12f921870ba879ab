const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;

/*
 * The storefront's dates in en-US without Intl: the first Intl formatter a page creates costs it about
 * 20 ms of main thread here (80 ms on Lighthouse's phone), on the product page's first render.
 */

/** "7 January 2027", a day as a sentence says it, in the browser's time zone. */
export function formatLongDay(date: Date): string {
  return `${date.getDate()} ${MONTHS[date.getMonth()]} ${date.getFullYear()}`;
}

/** "Nov 22, 2026", as Intl's en-US `dateStyle: 'medium'`, in the browser's time zone. */
export function formatMediumDate(date: Date): string {
  return `${MONTHS[date.getMonth()]?.slice(0, 3)} ${date.getDate()}, ${date.getFullYear()}`;
}

/** "November 22, 2026", as Intl's en-US `dateStyle: 'long'`, in the browser's time zone. */
export function formatLongDate(date: Date): string {
  return `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`;
}
