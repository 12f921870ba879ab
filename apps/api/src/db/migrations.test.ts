import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { expect, it } from 'vitest';
import { migrationsFolder } from './client';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const drizzleKit = path.resolve(apiDir, '../../node_modules/drizzle-kit/bin.cjs');

/**
 * Migrations are generated from db/schema (`npm run db:generate -w apps/api`); hand-written SQL such
 * as triggers goes in `drizzle-kit generate --custom` files. A schema change without its migration, or
 * a migration edited away from the schema, makes drizzle-kit want to write a new one: this fails then.
 */
it('the schema and the migrations agree: drizzle-kit has nothing to generate', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-migrations-'));
  try {
    const copy = path.join(dir, 'migrations');
    fs.cpSync(migrationsFolder, copy, { recursive: true });
    const config = path.join(dir, 'drizzle.config.mjs');
    // drizzle-kit reads `out` relative to where it runs.
    const out = path.relative(apiDir, copy);
    fs.writeFileSync(
      config,
      `export default { dialect: 'postgresql', schema: './src/db/schema/index.ts', out: '${out}' };\n`,
    );
    const { stdout } = await promisify(execFile)(process.execPath, [drizzleKit, 'generate', '--config', config], {
      cwd: apiDir,
    });
    expect(stdout).toContain('No schema changes');
    expect(fs.readdirSync(copy).sort()).toEqual(fs.readdirSync(migrationsFolder).sort());
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
