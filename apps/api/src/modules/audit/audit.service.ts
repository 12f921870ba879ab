import type {
  AuditDetails,
  AuditKind,
  AuditListResponse,
  AuditTargetType,
  AuditValue,
  auditListQuerySchema,
} from '@shop/contract/audit';
import type { z } from 'zod';
import type { Queryable } from '../../db/client';
import type { ServiceContext } from '../../platform/context';
import { invalid, unauthorised } from '../../platform/errors';
import { toAuditEntryDto } from './audit.dto';
import { auditRowExists, insertAuditRow, listAuditRows } from './audit.queries';

/** Who acted, as the log keeps them: their id and e-mail at the time, and the address they came from. */
export interface AuditActor {
  id: string;
  email: string;
  ip: string;
}

/** The acting staff member of a request's context. */
export function auditActorOf(ctx: Pick<ServiceContext, 'actor' | 'ip'>): AuditActor {
  if (!ctx.actor) throw unauthorised();
  return { id: ctx.actor.id, email: ctx.actor.email, ip: ctx.ip };
}

export interface AuditRecord {
  kind: AuditKind;
  target: { type: AuditTargetType; id: string | null; label: string };
  details?: AuditDetails;
}

/**
 * Writes one row of the audit log. Pass the transaction of the action itself (`tx`), so the row and
 * the change commit together or not at all.
 */
export async function recordAudit(db: Queryable, actor: AuditActor, record: AuditRecord): Promise<void> {
  await insertAuditRow(db, {
    actorId: actor.id,
    actorEmail: actor.email,
    kind: record.kind,
    targetType: record.target.type,
    targetId: record.target.id,
    targetLabel: record.target.label,
    details: record.details ?? {},
    ip: actor.ip,
  });
}

const asAuditValue = (value: unknown): AuditValue =>
  value === undefined || value === null
    ? null
    : typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
      ? value
      : value instanceof Date
        ? value.toISOString()
        : JSON.stringify(value);

/** The fields of `fields` whose value differs between the two rows, each with its value before and after. */
export function changedFields<Row extends Record<string, unknown>>(
  before: Row,
  after: Row,
  fields: readonly (keyof Row & string)[],
): NonNullable<AuditDetails['changes']> {
  const changes: NonNullable<AuditDetails['changes']> = {};
  for (const field of fields) {
    const was = asAuditValue(before[field]);
    const now = asAuditValue(after[field]);
    if (was !== now) changes[field] = { before: was, after: now };
  }
  return changes;
}

/** The admin's audit page: newest first, filtered, one page after the entry `before`. */
export async function listAudit(
  ctx: ServiceContext,
  query: z.output<typeof auditListQuerySchema>,
): Promise<AuditListResponse> {
  const beforeId = query.before === undefined ? undefined : Number(query.before);
  if (beforeId !== undefined && !(await auditRowExists(ctx.db, beforeId))) {
    throw invalid('That page of the audit log does not exist; start again from the newest entries');
  }
  // One more row than the page tells whether an older page exists.
  const rows = await listAuditRows(
    ctx.db,
    {
      actorEmail: query.actor,
      kind: query.kind,
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
      beforeId,
    },
    query.limit + 1,
  );
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  return {
    entries: page.map(toAuditEntryDto),
    nextBefore: rows.length > query.limit && last ? String(last.id) : null,
  };
}
