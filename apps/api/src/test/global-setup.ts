import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/client';
import { auditLogs } from './log-audit';

declare module 'vitest' {
  interface ProvidedContext {
    /** A dump of a migrated embedded database, loaded by each test file. */
    pgliteTemplatePath: string;
    /** A migrated PostgreSQL database each test file copies (when TEST_DATABASE_URL is set). */
    postgresTemplateDatabase: string;
    /** Where every app a test builds writes its log, read after the run (log-audit.ts). */
    testLogDir: string;
  }
}

/** Fails the run when a log line of any test holds personal data or a secret. */
function auditAfterTheRun(logDir: string): void {
  const problems = auditLogs(logDir);
  fs.rmSync(logDir, { recursive: true, force: true });
  if (problems.length > 0) {
    // Vitest reports an error thrown here but still exits 0: the exit code must say it too.
    process.exitCode = 1;
    throw new Error(`The logs of the test run hold what they must not:\n${problems.slice(0, 20).join('\n')}`);
  }
}

export function databaseUrlWithName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** Migrates one template database for the whole run; each test file starts from a copy of it. */
export default async function setup(project: TestProject) {
  const logDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-logs-'));
  project.provide('testLogDir', logDir);
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (serverUrl) {
    const name = `shop_tpl_${process.pid}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`CREATE DATABASE "${name}"`);
    const template = await openDatabase({ url: databaseUrlWithName(serverUrl, name), poolSize: 1 });
    await template.migrate();
    await template.close();
    project.provide('postgresTemplateDatabase', name);
    project.provide('pgliteTemplatePath', '');
    return async () => {
      await admin.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await admin.end();
      auditAfterTheRun(logDir);
    };
  }
  const template = await openDatabase({});
  await template.migrate();
  const dump = await (
    template.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }
  ).$client.dumpDataDir('none');
  await template.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-test-'));
  const file = path.join(dir, 'template.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplatePath', file);
  project.provide('postgresTemplateDatabase', '');
  return () => {
    fs.rmSync(dir, { recursive: true, force: true });
    auditAfterTheRun(logDir);
  };
}
