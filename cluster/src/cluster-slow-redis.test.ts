import { randomBytes, randomInt } from 'node:crypto';
import { apiPaths } from '@shop/contract/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delayingProxy, type TcpProxy } from '../../apps/api/src/test/fault-kit';
import type { Cluster } from './cluster';
import { clusterTestsMissing, postFrom, startTestCluster } from './cluster-test-kit';

const missing = clusterTestsMissing() ?? (process.env.REDIS_URL ? undefined : 'REDIS_URL is not set');

/**
 * A flood makes Redis slow, and that is when a limit against guessing must hold hardest: two instances
 * behind HAProxy whose Redis answers every command 2 s late still allow one address ten wrong passwords
 * in all, not ten each.
 */
describe.skipIf(missing)(`two instances whose Redis answers late${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let cluster: Cluster;
  let proxy: TcpProxy;

  beforeAll(async () => {
    const redis = new URL(process.env.REDIS_URL ?? '');
    // Each way 1 s: every command is answered 2 s after it was sent.
    proxy = await delayingProxy({ host: redis.hostname, port: Number(redis.port || 6379) }, 1000);
    cluster = await startTestCluster({
      AUTH_ATTEMPTS_PER_IP_PER_MINUTE: '10',
      REDIS_URL: `redis://127.0.0.1:${proxy.port}`,
    });
  }, 240_000);
  afterAll(async () => {
    await cluster?.stop();
    await proxy?.close();
  }, 60_000);

  it('refuses the 11th wrong password from one address with 429, whichever instance answers', async () => {
    const from = `127.${randomInt(1, 255)}.${randomInt(1, 255)}.1`;
    const login = { email: `nobody-${randomBytes(3).toString('hex')}@example.test`, password: 'not-the-password' };
    const attempt = () => postFrom(from, `${cluster.url}${apiPaths.login}`, login);

    // Ten at once, as a flood sends them; round robin gives each instance half.
    const first = await Promise.all(Array.from({ length: 10 }, attempt));
    expect(first).toEqual(Array(10).fill(401));

    // Then one at a time until each instance has answered at least one of them: every one is refused.
    const refusedBy = new Set<string>();
    const answers: number[] = [];
    while (refusedBy.size < cluster.instances.length && answers.length < 6) {
      const before = await cluster.balancer.servers();
      answers.push(await attempt());
      const after = await cluster.balancer.servers();
      for (const [name, state] of Object.entries(after))
        if (state.sent > (before[name]?.sent ?? 0)) refusedBy.add(name);
    }
    expect(answers).toEqual(Array(answers.length).fill(429));
    expect([...refusedBy].sort()).toEqual(cluster.instances.map((i) => i.name).sort());
  }, 120_000);
});
