import type { AuditEntry } from '@shop/contract/audit';
import type { AuditRow } from './audit.queries';

/** An audit row as the admin's page reads it, field by field. */
export function toAuditEntryDto(row: AuditRow): AuditEntry {
  return {
    id: String(row.id),
    at: row.createdAt.toISOString(),
    actor: { id: row.actorId, email: row.actorEmail },
    kind: row.kind,
    target: { type: row.targetType, id: row.targetId, label: row.targetLabel },
    details: row.details,
    ip: row.ip,
  };
}
