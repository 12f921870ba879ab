import type { FastifyInstance } from 'fastify';

export interface ShutdownSteps {
  /** How long the listener stays open after readiness turns 503, so a load balancer notices. */
  delayMs: number;
  /** How long everything after the delay may take: requests in flight, then jobs, then the database. */
  graceMs: number;
  /** Background work to stop before the database closes (jobs), given the time left. */
  stopWork: (timeoutMs: number) => Promise<void>;
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
 * closes the database, all within `graceMs`: whatever is still running then is cut, so the whole stop
 * never outlasts `delayMs + graceMs`, which fits inside a container runtime's stop timeout.
 */
export async function shutDownGracefully(app: FastifyInstance, steps: ShutdownSteps): Promise<void> {
  app.deps.lifecycle.shuttingDown = true;
  app.log.info({ delayMs: steps.delayMs }, 'shutting down: readiness answers 503, still serving');
  await sleep(steps.delayMs);
  app.log.info('shutting down: no longer listening, finishing requests in flight');
  const deadline = Date.now() + steps.graceMs;
  let cut = false;
  let timer: NodeJS.Timeout | undefined;
  const graceOver = new Promise<void>((resolve) => {
    timer = setTimeout(() => {
      cut = true;
      app.log.warn({ graceMs: steps.graceMs }, 'what still runs after the grace time is cut');
      app.server.closeAllConnections();
      resolve();
    }, steps.graceMs);
  });
  const finish = async () => {
    await app.close();
    await steps.stopWork(Math.max(0, deadline - Date.now()));
    await steps.closeDatabase();
  };
  const finishing = finish();
  // Past the grace time its outcome no longer matters; before it, the race below reports a failure.
  finishing.catch(() => {});
  try {
    await Promise.race([finishing, graceOver]);
  } finally {
    clearTimeout(timer);
  }
  app.log.info({ cut }, 'shut down');
}
