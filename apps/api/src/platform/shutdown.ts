import type { FastifyInstance } from 'fastify';

export interface ShutdownSteps {
  /** How long the listener stays open after readiness turns 503, so a load balancer notices. */
  delayMs: number;
  /** How long requests in flight may take to finish once the listener is closed. */
  graceMs: number;
  /** Background work to stop before the database closes (jobs). */
  stopWork: () => Promise<void>;
  closeDatabase: () => Promise<void>;
}

/**
 * While the shop is shutting down every answer says `Connection: close`: a client's kept-alive
 * connection ends after its current response instead of being cut under its next request.
 */
export function registerDraining(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply) => {
    if (app.deps.lifecycle.shuttingDown) reply.header('Connection', 'close');
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A stop that loses no request: readiness answers 503 at once, the shop goes on serving for `delayMs`,
 * then stops listening, lets requests in flight finish (closing idle connections), stops its jobs and
 * closes the database. Whatever is still running after `graceMs` is cut.
 */
export async function shutDownGracefully(app: FastifyInstance, steps: ShutdownSteps): Promise<void> {
  app.deps.lifecycle.shuttingDown = true;
  app.log.info({ delayMs: steps.delayMs }, 'shutting down: readiness answers 503, still serving');
  await sleep(steps.delayMs);
  app.log.info('shutting down: no longer listening, finishing requests in flight');
  let cut = false;
  const grace = setTimeout(() => {
    cut = true;
    app.log.warn({ graceMs: steps.graceMs }, 'requests still running after the grace time are cut');
    app.server.closeAllConnections();
  }, steps.graceMs);
  try {
    await app.close();
    await steps.stopWork();
    await steps.closeDatabase();
  } finally {
    clearTimeout(grace);
  }
  app.log.info({ cut }, 'shut down');
}
