import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { DEPLOY_HAPROXY_FILE, deployHaproxyConfig } from './deploy-haproxy';
import { findHaproxy } from './haproxy';
import { shopTimingsOf } from './haproxy-config';
import { repoRoot } from './shop-process';

const committed = () => fs.readFileSync(path.join(repoRoot, DEPLOY_HAPROXY_FILE), 'utf8');

describe("HAProxy's configuration for compose.yaml (deploy/haproxy.cfg)", () => {
  it('is what the generator makes from the shop\'s default timings (run "node --import tsx cluster/src/deploy-haproxy.ts" after a change)', () => {
    expect(committed()).toBe(deployHaproxyConfig());
  });

  it("follows the shop's timings, so a changed default shows up as a stale file", () => {
    const longer = deployHaproxyConfig(shopTimingsOf({ HTTP_REQUEST_TIMEOUT_SECONDS: '90' }));
    expect(longer).toContain('timeout server 90s');
    expect(longer).not.toBe(committed());
  });

  it.runIf(findHaproxy())(
    'is accepted by haproxy -c (the names resolve only inside compose, so they start down)',
    async () => {
      const { stderr } = await promisify(execFile)(findHaproxy() ?? '', ['-c', '-f', DEPLOY_HAPROXY_FILE], {
        cwd: repoRoot,
      });
      // Warnings only for the names this machine cannot resolve; nothing else is wrong with it.
      const warnings = stderr.split('\n').filter((l) => l.includes('[WARNING]'));
      expect(warnings).toHaveLength(5);
      for (const line of warnings) expect(line).toMatch(/could not resolve address '(shop-1|shop-2|minio)'/);
    },
  );
});
