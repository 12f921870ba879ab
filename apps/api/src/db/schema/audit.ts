import type { AuditDetails, AuditKind, AuditTargetType } from '@shop/contract/audit';
import { sql } from 'drizzle-orm';
import { bigserial, index, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt } from './columns';

// The staff's audit log.

/**
 * Every staff action, one row each, written in the transaction of the action where it has one: who
 * (their id and e-mail as they were), when, what, to what, from which address. Append-only: a trigger
 * refuses UPDATE, DELETE and TRUNCATE (migration audit_log_append_only), and no foreign key points out
 * of it, so deleting a user or a product changes none of its rows.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    createdAt: createdAt(),
    actorId: uuid('actor_id'),
    actorEmail: text('actor_email').notNull(),
    kind: text('kind').$type<AuditKind>().notNull(),
    targetType: text('target_type').$type<AuditTargetType>().notNull(),
    targetId: text('target_id'),
    /** The target as it was named then (a product's name, a user's e-mail), kept after it is gone. */
    targetLabel: text('target_label').notNull().default(''),
    details: jsonb('details').$type<AuditDetails>().notNull().default({}),
    ip: text('ip').notNull(),
  },
  (t) => [
    // The admin's page lists newest first, filtered by who or what, a page at a time from the last row seen.
    index('audit_log_created_at_idx').on(t.createdAt.desc(), t.id.desc()),
    index('audit_log_actor_email_created_at_idx').on(sql`lower(${t.actorEmail})`, t.createdAt.desc(), t.id.desc()),
    index('audit_log_kind_created_at_idx').on(t.kind, t.createdAt.desc(), t.id.desc()),
  ],
);
