import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgTable, TableConfig } from 'drizzle-orm/pg-core';
import { mapLimit } from '../platform/map-limit';
import type { Queryable } from './client';

const ROWS_PER_STATEMENT = 5_000;
const STATEMENTS_IN_FLIGHT = 3;

/**
 * A PostgreSQL array literal, `{"a","b",NULL}`, a JSON value written as its text. Both drivers pass it as text and the cast in the
 * statement gives it its type; the embedded driver cannot send a JS array of enum values itself.
 */
function arrayLiteral(values: readonly unknown[]): string {
  const items = values.map((v) => {
    if (v === null || v === undefined) return 'NULL';
    const text = v instanceof Date ? v.toISOString() : typeof v === 'object' ? JSON.stringify(v) : String(v);
    return `"${text.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  });
  return `{${items.join(',')}}`;
}

/**
 * Inserts rows as `INSERT ... SELECT * FROM unnest($1::type[], $2::type[], ...)`: one array
 * parameter per column, so a statement of thousands of rows stays cheap to parse and plan. `oneAtATime` is for
 * a table whose triggers add each statement's rows to shared totals: statements side by side could deadlock there.
 */
export async function bulkInsert<T extends PgTable<TableConfig>>(
  db: Queryable,
  table: T,
  rows: readonly T['$inferInsert'][],
  options: { ignoreConflicts?: boolean; oneAtATime?: boolean } = {},
): Promise<void> {
  const first = rows[0];
  if (!first) return;
  const columns = getTableColumns(table);
  const keys = Object.keys(first).filter((k) => k in columns);
  const names = keys.map((k) => `"${columns[k]?.name}"`).join(', ');
  const starts = Array.from({ length: Math.ceil(rows.length / ROWS_PER_STATEMENT) }, (_, i) => i * ROWS_PER_STATEMENT);
  // A few statements in flight keep a PostgreSQL server busy; the embedded database queues them.
  await mapLimit(starts, options.oneAtATime ? 1 : STATEMENTS_IN_FLIGHT, async (start) => {
    const batch = rows.slice(start, start + ROWS_PER_STATEMENT) as Record<string, unknown>[];
    const arrays = keys.map(
      (k) => sql`${arrayLiteral(batch.map((row) => row[k]))}::${sql.raw(columns[k]?.getSQLType() ?? 'text')}[]`,
    );
    await db.execute(
      sql`insert into ${sql.raw(`"${getTableName(table)}"`)} (${sql.raw(names)}) select * from unnest(${sql.join(arrays, sql`, `)})${options.ignoreConflicts ? sql` on conflict do nothing` : sql``}`,
    );
  });
}
