import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import type { ProductListResponse } from '@shop/contract/products';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
// The run's shared values (testLogDir) are declared beside the global setup that provides them.
import type {} from '../../apps/api/src/test/global-setup';
import { dropDatabase, ensureDatabase, scratchDatabaseUrl } from './databases';
import {
  type BuiltStage,
  buildWithoutDocker,
  dockerignoreMatcher,
  type Instruction,
  parseDockerfile,
} from './dockerfile';
import { freePort, logTail, type RunningProcess, repoRoot, sleep, track } from './shop-process';

const run = promisify(execFile);
const missing = process.env.TEST_DATABASE_URL
  ? undefined
  : 'TEST_DATABASE_URL is not set: the image is started on PostgreSQL, as compose.yaml runs it';

/**
 * RUN commands that only make sense inside an image (a system folder for the unprivileged user): not run
 * here. Any other RUN is run, so a new command in the Dockerfile either works outside Docker or is named here.
 */
const DOCKER_ONLY = ['mkdir -p /data && chown node:node /data'];

/** The files that make the image: the clone of HEAD takes them from the working tree. */
const IMAGE_FILES = ['Dockerfile', '.dockerignore', 'deploy'];

/** What an image starts with besides its ENV: a PATH to node and npm (none of this repository's), a HOME. */
function baseEnv(home: string): Record<string, string> {
  const PATH = (process.env.PATH ?? '')
    .split(path.delimiter)
    .filter((dir) => dir && !dir.includes('node_modules'))
    .join(path.delimiter);
  return { PATH, HOME: home };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#x27;' })[c] ?? c);

const exitCodeOf = (command: string[], cwd: string, env: Record<string, string>) =>
  new Promise<number | null>((resolve, reject) => {
    const [file = '', ...args] = command;
    const child = spawn(file, args, { cwd, env, stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', resolve);
  });

describe('the Dockerfile and .dockerignore, as they read (always; the build below needs PostgreSQL)', () => {
  const stages = parseDockerfile(fs.readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8'));
  const runtime = stages.at(-1);
  const last = <K extends Instruction['kind']>(kind: K) =>
    runtime?.instructions.filter((i): i is Extract<Instruction, { kind: K }> => i.kind === kind).at(-1);

  it('ends in a runtime stage that runs node itself as an unprivileged user, with a healthcheck', () => {
    expect(stages.map((s) => s.name)).toEqual(['build', 'runtime']);
    expect(last('USER')?.user).toBe('node');
    // node, not npm or a shell: SIGTERM must reach the shop so it drains before it exits.
    expect(last('CMD')?.exec[0]).toBe('node');
    expect(last('HEALTHCHECK')?.exec).toEqual(['node', 'deploy/healthcheck.mjs']);
    const env = Object.assign({}, ...(runtime?.instructions.flatMap((i) => (i.kind === 'ENV' ? [i.vars] : [])) ?? []));
    expect(env).toMatchObject({ NODE_ENV: 'production', PORT: '3000' });
    expect(last('EXPOSE')?.ports).toEqual([3000]);
    // Production dependencies only: the runtime never installs the dev ones.
    const installs = runtime?.instructions.flatMap((i) =>
      i.kind === 'RUN' && /\bnpm ci\b/.test(i.command) ? [i] : [],
    );
    expect(installs?.map((i) => i.command.includes('--omit=dev'))).toEqual([true]);
  });

  it('keeps secrets, local state and what the build makes out of the context', () => {
    const ignored = dockerignoreMatcher(fs.readFileSync(path.join(repoRoot, '.dockerignore'), 'utf8'));
    for (const file of [
      '.env',
      '.env.production',
      '.git/HEAD',
      'data/db/PG_VERSION',
      'node_modules/x',
      'apps/web/node_modules/x',
      'apps/web/dist/index.html',
      'bench/.probe/x',
    ]) {
      expect(ignored(file), file).toBe(true);
    }
    for (const file of [
      'Dockerfile',
      'package-lock.json',
      'apps/api/src/server.ts',
      'apps/web/src/main.tsx',
      'deploy/healthcheck.mjs',
    ]) {
      expect(ignored(file), file).toBe(false);
    }
  });
});

/**
 * No Docker daemon runs here, so the Dockerfile is carried out without one (dockerfile.ts): its build and
 * runtime stages in a clean clone of HEAD, then the runtime's CMD with its ENV on a fresh database.
 */
describe.skipIf(missing)(
  `the Dockerfile, built and started without Docker${missing ? ` (skipped: ${missing})` : ''}`,
  () => {
    let work: string;
    let stages: BuiltStage[];
    let runtime: BuiltStage;
    let shop: RunningProcess;
    let url: string;
    let env: Record<string, string>;
    let databaseUrl: string;
    let logFile: string;

    beforeAll(async () => {
      work = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-dockerfile-'));
      const context = path.join(work, 'context');
      const began = performance.now();
      await run('git', ['clone', '--quiet', repoRoot, context]);
      // The image's own files as they are in the working tree, so an edit to them is tried before it is committed.
      for (const file of IMAGE_FILES) {
        fs.cpSync(path.join(repoRoot, file), path.join(context, file), { recursive: true, force: true });
      }
      fs.mkdirSync(path.join(work, 'home'));
      stages = await buildWithoutDocker({
        dockerfile: path.join(context, 'Dockerfile'),
        context,
        workDir: work,
        // npm's cache is the machine's (HOME's), as the Dockerfile's cache mount keeps one between builds.
        runEnv: baseEnv(os.homedir()),
        skipRun: (command) => DOCKER_ONLY.includes(command),
        logFile: path.join(work, 'build.log'),
      });
      const built = performance.now();
      runtime = stages.at(-1) as BuiltStage;

      databaseUrl = scratchDatabaseUrl(process.env.TEST_DATABASE_URL ?? '', 'shop_docker_t');
      await ensureDatabase(databaseUrl);
      const port = await freePort();
      url = `http://127.0.0.1:${port}`;
      // The image's ENV, then what `docker run -e` or compose.yaml adds.
      env = {
        ...baseEnv(path.join(work, 'home')),
        ...runtime.env,
        PORT: String(port),
        PUBLIC_URL: url,
        DATABASE_URL: databaseUrl,
        ...(process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {}),
        ADMIN_PASSWORD: randomBytes(12).toString('hex'),
        SHUTDOWN_DELAY_SECONDS: '0',
        // Mails in a thread of their own, so the built thread's module is started too.
        MAIL_THREAD: 'true',
      };
      logFile = path.join(inject('testLogDir'), `dockerfile-shop-${path.basename(work)}.log`);
      const out = fs.openSync(logFile, 'w');
      const [command = '', ...args] = runtime.cmd ?? [];
      shop = track(spawn(command, args, { cwd: runtime.workdir, env, stdio: ['ignore', out, out] }));
      fs.closeSync(out);
      for (;;) {
        if (!shop.running) throw new Error(`the shop exited before it was ready:\n${logTail(logFile)}`);
        if (
          await fetch(`${url}/api/ready`).then(
            (r) => r.ok,
            () => false,
          )
        )
          break;
        if (performance.now() - built > 120_000) throw new Error(`not ready within 120 s:\n${logTail(logFile)}`);
        await sleep(250);
      }
      const seconds = (ms: number) => (ms / 1000).toFixed(0);
      console.info(
        `Dockerfile without Docker: clone and both stages ${seconds(built - began)} s, ready ${seconds(performance.now() - built)} s later`,
      );
    }, 600_000);

    afterAll(async () => {
      await shop?.stop(30_000);
      if (databaseUrl) await dropDatabase(databaseUrl);
      if (work) fs.rmSync(work, { recursive: true, force: true });
    }, 60_000);

    it('builds with every dependency and keeps only the production ones in the runtime, the built server beside them', () => {
      const [build] = stages;
      const has = (stage: BuiltStage | undefined, pkg: string) =>
        fs.existsSync(path.join(stage?.workdir ?? '', 'node_modules', pkg, 'package.json'));
      expect(stages.map((s) => s.name)).toEqual(['build', 'runtime']);
      expect(runtime.skipped).toEqual(DOCKER_ONLY);
      for (const dev of [
        'vite',
        'typescript',
        'vitest',
        '@biomejs/biome',
        'drizzle-kit',
        's3rver',
        '@playwright/test',
      ]) {
        expect(has(build, dev), `${dev} in the build stage`).toBe(true);
        expect(has(runtime, dev), `${dev} in the runtime stage`).toBe(false);
      }
      for (const needed of ['tsx', 'fastify', 'pg', 'sharp', 'react-dom', 'react-router', 'pg-boss']) {
        expect(has(runtime, needed), `${needed} in the runtime stage`).toBe(true);
      }
      // The runtime holds the build's output, not the web app's sources, and nothing the context must not give.
      for (const [file, present] of [
        ['apps/web/dist/index.html', true],
        ['apps/web/dist-server/entry-server.js', true],
        ['apps/api/dist/server.js', true],
        ['apps/api/dist/mail-worker-thread.js', true],
        ['apps/api/dist/migrations/meta/_journal.json', true],
        ['apps/api/src/server.ts', true],
        ['apps/web/src', false],
        ['.git', false],
        ['.env', false],
      ] as const) {
        expect(fs.existsSync(path.join(runtime.workdir, file)), file).toBe(present);
      }
      expect(runtime.user).toBe('node');
      expect(runtime.exposed).toEqual([Number(runtime.env.PORT)]);
      expect(runtime.volumes).toEqual([runtime.env.DATA_DIR]);
      expect(runtime.env.NODE_ENV).toBe('production');
    });

    it('starts with its CMD on a fresh database: ready, and a product page rendered on the server', async () => {
      const ready = await fetch(`${url}/api/ready`);
      expect(ready.status).toBe(200);
      expect(await ready.json()).toMatchObject({ status: 'ready', checks: { database: 'up' } });

      const list = (await (await fetch(`${url}/api/products?limit=1`)).json()) as ProductListResponse;
      const product = list.products[0];
      expect(product, 'the demo catalogue is seeded on first start').toBeDefined();
      const page = await fetch(`${url}/shop/${product?._id}`);
      expect(page.status).toBe(200);
      const html = await page.text();
      const name = escapeHtml(product?.name ?? '');
      expect(html).toContain(`<title>${name}`);
      // The product is in the server-rendered markup, not only in the data the app hydrates from.
      expect(/<h1[^>]*>([^<]*)<\/h1>/.exec(html)?.[1]).toBe(name);
      const script = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
      expect(script, 'the page names its script from the build').toBeDefined();
      expect((await fetch(`${url}${script}`)).status).toBe(200);
    });

    it('sends mail from its mail thread, built beside the server', async () => {
      const mailDir = path.join(runtime.env.DATA_DIR ?? '', 'mail');
      const res = await fetch(`${url}/api/auth/forgot-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'customer@shop.local' }),
      });
      expect(res.status).toBe(200);
      const deadline = performance.now() + 30_000;
      const mails = () => (fs.existsSync(mailDir) ? fs.readdirSync(mailDir).filter((f) => f.endsWith('.eml')) : []);
      while (mails().length === 0 && performance.now() < deadline) await sleep(250);
      expect(mails()).toHaveLength(1);
    });

    it('passes its HEALTHCHECK while ready, stops on SIGTERM with 0, and then fails the check', async () => {
      const check = runtime.healthcheck?.exec ?? [];
      expect(check.length).toBeGreaterThan(0);
      expect(await exitCodeOf(check, runtime.workdir, env)).toBe(0);
      expect(await shop.stop(30_000)).toBe(0);
      expect(await exitCodeOf(check, runtime.workdir, env)).toBe(1);
    });
  },
);
