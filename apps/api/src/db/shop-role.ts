import type pg from 'pg';

/** Tables kept as a record: the shop's role may add rows to them, never change or remove one. */
export const APPEND_ONLY_TABLES = ['audit_log'] as const;

/** The role the shop's own connections log in as: the user of its DATABASE_URL. */
export function shopRoleOf(url: string): string | undefined {
  const user = decodeURIComponent(new URL(url).username);
  return user || undefined;
}

/** Whether the shop runs as a role of its own, not as the owner that migrates (DATABASE_MIGRATION_URL). */
export function runsAsItsOwnRole(url: string, migrationUrl: string | undefined): migrationUrl is string {
  return migrationUrl !== undefined && shopRoleOf(url) !== shopRoleOf(migrationUrl);
}

/**
 * Run by the owner after each migration, so tables a migration adds are granted too. The shop's role
 * reads and writes rows and uses sequences and functions; it owns nothing, so it can neither alter a
 * table nor switch a trigger off, and an append-only table refuses it UPDATE, DELETE and TRUNCATE by
 * privilege as well as by trigger.
 */
export async function grantToShopRole(
  owner: pg.ClientBase,
  role: string,
  schema: string,
  appendOnly: readonly string[] = [],
): Promise<void> {
  const r = owner.escapeIdentifier(role);
  const s = owner.escapeIdentifier(schema);
  await owner.query(`
    GRANT USAGE ON SCHEMA ${s} TO ${r};
    GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA ${s} TO ${r};
    GRANT USAGE, SELECT, UPDATE ON ALL SEQUENCES IN SCHEMA ${s} TO ${r};
    GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA ${s} TO ${r};
    ${appendOnly.map((table) => `REVOKE UPDATE, DELETE, TRUNCATE ON ${s}.${owner.escapeIdentifier(table)} FROM ${r};`).join('\n')}
  `);
}
