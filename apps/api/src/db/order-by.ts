import { sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * Drizzle creates `.desc()` index columns as DESC NULLS LAST while a plain DESC sorts nulls first, and
 * PostgreSQL only walks an index whose null order matches. The columns are NOT NULL, so this changes no result.
 */
export const descNullsLast = (column: AnyPgColumn) => sql`${column} desc nulls last`;
