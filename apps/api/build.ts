/**
 * Builds the server as it runs in production: `dist/server.js` and the mail thread's `dist/mail-worker-thread.js`,
 * each one ES module holding the API's and the contract's code, with the packages of node_modules imported as they
 * are, and the migrations beside them. Plain Node runs the result: no TypeScript loader, and no loader thread,
 * in any process of the shop.
 *
 * Files are written under a temporary name and renamed into place, so a shop starting while another build
 * runs reads either the old file or the new one, never half of one.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';

const apiRoot = path.dirname(fileURLToPath(import.meta.url));
export const distDir = path.join(apiRoot, 'dist');

/** The shop's own workspace packages are TypeScript and go into the bundle; every other package stays a package. */
const packagesStayExternal: Plugin = {
  name: 'packages-stay-external',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@shop/') ? undefined : { path: args.path, external: true },
    );
  },
};

async function writeInPlace(file: string, contents: Uint8Array): Promise<void> {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.tmp`;
  await fs.writeFile(temporary, contents);
  await fs.rename(temporary, file);
}

/** What the migrator reads: each migration's SQL and the journal that orders them (not drizzle-kit's snapshots). */
async function copyMigrations(from: string, to: string): Promise<void> {
  const files = (await fs.readdir(from)).filter((name) => name.endsWith('.sql'));
  for (const file of [...files, 'meta/_journal.json']) {
    await writeInPlace(path.join(to, file), await fs.readFile(path.join(from, file)));
  }
}

export async function buildServer(): Promise<void> {
  const result = await build({
    absWorkingDir: apiRoot,
    entryPoints: {
      server: 'src/server.ts',
      'mail-worker-thread': 'src/modules/mail/mail-worker-thread.ts',
    },
    outdir: distDir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    jsx: 'automatic',
    sourcemap: 'linked',
    plugins: [packagesStayExternal],
    logLevel: 'warning',
    write: false,
  });
  for (const file of result.outputFiles) await writeInPlace(file.path, file.contents);
  // The migrations are read from beside the module that runs them: the source's `db/` or the build's folder.
  await copyMigrations(path.join(apiRoot, 'src/db/migrations'), path.join(distDir, 'migrations'));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  await buildServer();
}
