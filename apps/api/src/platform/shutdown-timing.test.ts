import Fastify from 'fastify';
import { expect, it } from 'vitest';
import type { AppDeps } from '../app-deps';
import { loadConfig } from './config';
import { shutDownGracefully } from './shutdown';

/** Docker's `docker stop`, Kubernetes and most hosts kill a process this long after SIGTERM unless told otherwise. */
const RUNTIME_STOP_TIMEOUT_MS = 10_000;

it("the default stop, delay and grace together, ends inside a container runtime's 10 s", () => {
  const { shutdown } = loadConfig({});
  expect(shutdown.delayMs + shutdown.graceMs).toBeLessThan(RUNTIME_STOP_TIMEOUT_MS);
  // The delay still outlasts the load balancer's worst case of taking the instance out (3.5 s).
  expect(shutdown.delayMs).toBeGreaterThan(3_500);
});

it('cuts requests, jobs and the database that outlast the grace time: the stop takes delay + grace at most', async () => {
  const app = Fastify({ logger: false });
  app.decorate('deps', { lifecycle: { shuttingDown: false } } as unknown as AppDeps);
  // A request that never finishes, and jobs that never stop.
  app.get('/stuck', () => new Promise(() => {}));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as { port: number };
  const stuck = fetch(`http://127.0.0.1:${port}/stuck`).catch((err: unknown) => err);
  await new Promise((resolve) => setTimeout(resolve, 200));

  let workGiven: number | undefined;
  const started = performance.now();
  await shutDownGracefully(app, {
    delayMs: 300,
    graceMs: 1_500,
    stopWork: (timeoutMs) => {
      workGiven = timeoutMs;
      return new Promise(() => {});
    },
    closeDatabase: async () => {},
  });
  const took = performance.now() - started;

  expect(took).toBeGreaterThanOrEqual(1_700);
  // Generous for a busy machine, far under the 10 s that without the cut a job's own timeout would add.
  expect(took).toBeLessThan(6_000);
  expect(await stuck).toBeInstanceOf(Error);
  // The jobs were given what was left of the grace time, not a timeout of their own.
  expect(workGiven).toBeLessThanOrEqual(1_500);
});
