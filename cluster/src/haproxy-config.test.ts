import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { findHaproxy } from './haproxy';
import { HEALTH_CHECK, haproxyConfig, shopTimingsOf, worstCaseOutOfRotationMs } from './haproxy-config';

const config = () =>
  haproxyConfig({
    port: 18080,
    statsPort: 18081,
    instances: [
      { name: 'shop-1', port: 18082 },
      { name: 'shop-2', port: 18083 },
    ],
    shop: shopTimingsOf(),
    objects: { port: 18084, bucket: 'shop-cluster' },
  });

describe("HAProxy's configuration for the cluster", () => {
  it("takes an instance out of rotation before the shop's default shutdown delay ends", () => {
    const shop = shopTimingsOf();
    expect(worstCaseOutOfRotationMs()).toBe(3_500);
    expect(worstCaseOutOfRotationMs()).toBeLessThan(shop.shutdownDelayMs);
    // A delay the checks cannot beat is seen as such.
    expect(worstCaseOutOfRotationMs({ ...HEALTH_CHECK, fall: 5 })).toBeGreaterThan(shop.shutdownDelayMs);
  });

  it("follows the shop's settings: its request timeout is HAProxy's, and longer than its drain", () => {
    const shop = shopTimingsOf({ HTTP_REQUEST_TIMEOUT_SECONDS: '90', SHUTDOWN_GRACE_SECONDS: '30' });
    expect(shop).toMatchObject({ requestTimeoutMs: 90_000, shutdownGraceMs: 30_000 });
    const text = haproxyConfig({ port: 1, statsPort: 2, instances: [{ name: 'shop-1', port: 3 }], shop });
    expect(text).toContain('timeout server 90s');
    expect(text).toContain('timeout client 90s');
  });

  it('listens and reaches instances on loopback unless told, and looks names up again only with a resolver', () => {
    const local = config();
    expect(local).toContain('bind 127.0.0.1:18080');
    expect(local).toContain('server shop-1 127.0.0.1:18082\n');
    expect(local).toContain('server objects 127.0.0.1:18084\n');
    expect(local).not.toContain('resolvers');
    expect(local.split('\n')[0]).toContain("for the shop's local cluster");

    const named = haproxyConfig({
      port: 8080,
      statsPort: 8404,
      bind: '0.0.0.0',
      instances: [{ name: 'shop-1', host: 'shop-1', port: 3000 }],
      shop: shopTimingsOf(),
      objects: { host: 'minio', port: 9000, bucket: 'shop' },
      resolver: '127.0.0.11:53',
      header: '# made for a test',
    });
    expect(named.split('\n')[0]).toBe('# made for a test');
    expect(named).toContain('bind 0.0.0.0:8080');
    expect(named).toContain('resolvers dns\n  nameserver dns 127.0.0.11:53\n');
    // Every server that is looked up by name is looked up through the resolver, and may start unresolved.
    const servers = named.split('\n').filter((l) => /^\s+server /.test(l));
    expect(servers).toEqual([
      '  server shop-1 shop-1:3000',
      '  server shop-1 shop-1:3000',
      '  server objects minio:9000 resolvers dns init-addr last,libc,none',
    ]);
    expect(named.match(/default-server .* resolvers dns init-addr last,libc,none$/gm)).toHaveLength(2);
    // The statistics page stays on the loopback wherever HAProxy runs.
    expect(named).toContain('bind 127.0.0.1:8404');
  });

  it.runIf(findHaproxy())('is accepted by haproxy -c', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-haproxy-'));
    try {
      const file = path.join(dir, 'haproxy.cfg');
      fs.writeFileSync(file, config());
      await expect(promisify(execFile)(findHaproxy() ?? '', ['-c', '-q', '-f', file])).resolves.toBeDefined();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
