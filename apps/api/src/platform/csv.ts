/**
 * A spreadsheet takes a cell starting with one of these as a formula (`=HYPERLINK(...)`, `@SUM(...)`), or a
 * tab or carriage return before one: text from outside the shop (an e-mail, a code) must never run as one.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** A number written by the shop itself (money with two decimals): never text, so never escaped. */
export interface CsvDecimal {
  decimal: string;
}
export type CsvCell = string | number | CsvDecimal;

/** A text cell: quoted when it holds a separator, a quote or a line break, and never read as a formula. */
export function csvText(value: string): string {
  const safe = FORMULA_START.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** A row of cells ending with CRLF, as RFC 4180 has it. */
export function csvRow(cells: readonly CsvCell[]): string {
  const cell = (c: CsvCell) => (typeof c === 'string' ? csvText(c) : typeof c === 'number' ? String(c) : c.decimal);
  return `${cells.map(cell).join(',')}\r\n`;
}

/** Cents as dollars with two decimals, a number a spreadsheet sums. */
export const csvMoney = (cents: number): CsvDecimal => ({ decimal: (cents / 100).toFixed(2) });
