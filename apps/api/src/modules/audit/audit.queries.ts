import type { AuditKind } from '@shop/contract/audit';
import { and, desc, eq, gte, lte, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../../db/client';
import { auditLog } from '../../db/schema';

export type AuditRow = typeof auditLog.$inferSelect;
export type NewAuditRow = typeof auditLog.$inferInsert;

export async function insertAuditRow(db: Queryable, values: NewAuditRow): Promise<void> {
  await db.insert(auditLog).values(values);
}

export interface AuditFilter {
  actorEmail?: string | undefined;
  kind?: AuditKind | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** Only rows listed after this one (older), newest first: the next page from where the last ended. */
  beforeId?: number | undefined;
}

/**
 * Newest first, a page at a time from the last row shown (keyset, never OFFSET): each filter has an
 * index in that order (by date, by lower(e-mail), by kind), so a page costs the same on a large table.
 */
export function listAuditRows(db: Queryable, filter: AuditFilter, limit: number): Promise<AuditRow[]> {
  const where: SQL[] = [];
  if (filter.actorEmail) where.push(sql`lower(${auditLog.actorEmail}) = ${filter.actorEmail.toLowerCase()}`);
  if (filter.kind) where.push(eq(auditLog.kind, filter.kind));
  if (filter.from) where.push(gte(auditLog.createdAt, filter.from));
  if (filter.to) where.push(lte(auditLog.createdAt, filter.to));
  if (filter.beforeId !== undefined) {
    // The row's own time, read in the database: a JavaScript Date would drop its microseconds.
    where.push(
      sql`(${auditLog.createdAt}, ${auditLog.id}) < (select a.created_at, a.id from ${auditLog} a where a.id = ${filter.beforeId})`,
    );
  }
  return db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
}

/** Whether the row a page starts after exists (a made-up cursor would otherwise give an empty page). */
export async function auditRowExists(db: Queryable, id: number): Promise<boolean> {
  const rows = await db.select({ id: auditLog.id }).from(auditLog).where(eq(auditLog.id, id)).limit(1);
  return rows.length > 0;
}
