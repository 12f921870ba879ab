// How the report writes figures and tables in Markdown.

export const fmt = (n: number | null | undefined, digits = 0) =>
  n === null || n === undefined ? 'n/a' : n.toLocaleString('en-US', { maximumFractionDigits: digits });
export const kb = (bytes: number | null) => (bytes === null ? 'n/a' : `${(bytes / 1000).toFixed(1)} KB`);
const row = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
export const table = (head: readonly string[], rows: readonly string[][]) =>
  [row(head), row(head.map(() => '---')), ...rows.map(row)].join('\n');
