import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { CLUSTER_HELP, parseClusterArgs } from './cluster-args';
import { DEPLOY_HAPROXY_FILE, DEPLOY_HAPROXY_HELP, haproxyConfigForArgs } from './deploy-haproxy';
import { findHaproxy } from './haproxy';
import { shopTimingsOf } from './haproxy-config';
import { repoRoot } from './shop-process';

describe("npm run cluster's flags", () => {
  it("chooses free ports and the checkout's data/cluster unless told", () => {
    const args = parseClusterArgs([], { INIT_CWD: repoRoot });
    expect(args).toMatchObject({ instances: 2, port: 8080, instancePorts: undefined, fresh: false });
    expect(args.objectsPort).toBeUndefined();
    expect(args.statsPort).toBeUndefined();
    expect(args.dataDir).toBe(path.join(repoRoot, 'data', 'cluster'));
  });

  it('sets every port and the data folder, each instance on the next port', () => {
    const args = parseClusterArgs(
      [
        '--instances',
        '3',
        '--port',
        '9000',
        '--instance-port',
        '9101',
        '--objects-port',
        '9200',
        '--stats-port',
        '9300',
        '--data-dir',
        'var/cluster',
      ],
      { INIT_CWD: '/srv/shop' },
    );
    expect(args).toMatchObject({
      instances: 3,
      port: 9000,
      instancePorts: [9101, 9102, 9103],
      objectsPort: 9200,
      statsPort: 9300,
      dataDir: '/srv/shop/var/cluster',
    });
  });

  it.each([
    [['--port', '0'], '--port takes a port number'],
    [['--instance-port', 'x'], '--instance-port takes a port number'],
    [['--instances', '2', '--instance-port', '65535'], 'past port 65535'],
    [['--objects-port', '70000'], '--objects-port takes a port number'],
    [['--stats-port', '8080'], 'port 8080 is given to two parts'],
    [['--instance-port', '9000', '--objects-port', '9001'], 'port 9001 is given to two parts'],
    [['--instances', '0'], '--instances takes a whole number'],
    [['--colour'], "Unknown option '--colour'"],
  ])('refuses %j', (argv, message) => {
    expect(() => parseClusterArgs(argv, {})).toThrow(message);
  });

  it('says every flag in --help', () => {
    expect(parseClusterArgs(['--help'], {}).help).toBe(true);
    for (const flag of ['--instance-port', '--objects-port', '--stats-port', '--data-dir', '--port', '--instances']) {
      expect(CLUSTER_HELP).toContain(flag);
    }
  });
});

describe('HAProxy configuration for instances outside compose', () => {
  const made = (argv: string[]) => {
    const result = haproxyConfigForArgs(argv, shopTimingsOf());
    if (!result || result === 'help') throw new Error('no configuration made');
    return result;
  };

  it('serves the instances and the bucket at the addresses given, with the same timings as compose', async () => {
    const { config, out } = made([
      '--instance',
      '10.0.0.2:3000',
      '--instance',
      '10.0.0.3:3001',
      '--objects',
      '10.0.0.9:9000',
      '--bucket',
      'images',
      '--port',
      '80',
      '--stats-port',
      '9404',
      '--out',
      '/etc/haproxy/haproxy.cfg',
    ]);
    expect(out).toBe('/etc/haproxy/haproxy.cfg');
    const servers = config.split('\n').filter((l) => /^\s+server /.test(l));
    expect(servers).toEqual([
      '  server shop-1 10.0.0.2:3000',
      '  server shop-2 10.0.0.3:3001',
      '  server shop-1 10.0.0.2:3000',
      '  server shop-2 10.0.0.3:3001',
      '  server objects 10.0.0.9:9000',
    ]);
    expect(config).toContain('  bind 0.0.0.0:80\n');
    expect(config).toContain('  bind 127.0.0.1:9404\n');
    expect(config).toContain('http-request set-path /images%[path]');
    // Docker's DNS server is compose's alone.
    expect(config).not.toContain('127.0.0.11');
    const compose = fs.readFileSync(path.join(repoRoot, DEPLOY_HAPROXY_FILE), 'utf8');
    const timings = (text: string) => text.split('\n').filter((l) => /^\s+(timeout|default-server) /.test(l));
    expect(timings(config)).toEqual(timings(compose).map((l) => l.replace(/ resolvers dns init-addr \S+/, '')));

    const haproxy = findHaproxy();
    if (haproxy) {
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'shop-haproxy-')), 'haproxy.cfg');
      fs.writeFileSync(file, config);
      await promisify(execFile)(haproxy, ['-c', '-q', '-f', file]);
      fs.rmSync(path.dirname(file), { recursive: true, force: true });
    }
  });

  it('leaves the bucket out without --objects, and makes the compose file with no option at all', () => {
    expect(made(['--instance', '10.0.0.2:3000']).config).not.toContain('backend objects');
    expect(haproxyConfigForArgs([])).toBeNull();
    expect(haproxyConfigForArgs(['--help'])).toBe('help');
    expect(DEPLOY_HAPROXY_HELP).toContain('--instance HOST:PORT');
  });

  it.each([
    [['--port', '8081'], '--instance HOST:PORT is needed'],
    [['--instance', '10.0.0.2'], '--instance takes HOST:PORT'],
    [['--instance', '10.0.0.2:99999'], '--instance takes HOST:PORT'],
    [['--instance', 'a:1', '--objects', 'minio'], '--objects takes HOST:PORT'],
  ])('refuses %j', (argv, message) => {
    expect(() => haproxyConfigForArgs(argv, shopTimingsOf())).toThrow(message);
  });
});
