import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig } from '../../apps/api/src/platform/config';
import { COMPOSE_SERVICES, DEPLOY_HAPROXY_FILE, deployHaproxyConfig } from './deploy-haproxy';
import { parseDockerfile } from './dockerfile';
import { shopTimingsOf } from './haproxy-config';
import { repoRoot } from './shop-process';

/** No Docker here either: compose.yaml is read as compose reads it and checked against what the shop reads. */

interface Service {
  image?: string;
  build?: string;
  environment?: Record<string, string>;
  depends_on?: Record<string, { condition: string }>;
  healthcheck?: { test: string[] };
  volumes?: string[];
  ports?: string[];
  networks?: Record<string, { ipv4_address?: string }>;
  entrypoint?: string[];
  stop_grace_period?: string;
}

const text = fs.readFileSync(path.join(repoRoot, 'compose.yaml'), 'utf8');

/** Compose's interpolation: `${X}`, `${X:-default}`, `${X:?message}` (refused when unset or empty), `$$` for `$`. */
function interpolate(source: string, vars: Record<string, string>): string {
  return source.replace(/\$\$|\$\{([A-Z0-9_]+)(?::([-?])([^}]*))?\}/g, (all, name, op, arg) => {
    if (all === '$$') return '$';
    const value = vars[name as string];
    if (value) return value;
    if (op === '?') throw new Error(`required variable ${name} is missing a value: ${arg}`);
    return op === '-' ? (arg as string) : '';
  });
}

/** As compose does it: on the parsed file's strings, after YAML has read them (so `${X:-}` is an empty string). */
function interpolated(value: unknown, vars: Record<string, string>): unknown {
  if (typeof value === 'string') return interpolate(value, vars);
  if (Array.isArray(value)) return value.map((v) => interpolated(v, vars));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, interpolated(v, vars)]));
  }
  return value;
}

/** What a person deploying sets (the secrets have no default). */
const SECRETS = {
  PUBLIC_URL: 'https://shop.example.com',
  POSTGRES_PASSWORD: 'pg-secret-1',
  SHOP_DATABASE_PASSWORD: 'shop-db-secret-1',
  S3_SECRET_ACCESS_KEY: 's3-secret-1',
  MINIO_ROOT_PASSWORD: 'minio-secret-1',
  ADMIN_PASSWORD: 'admin-secret-1',
};

const raw: unknown = parse(text, { merge: true });
const compose = interpolated(raw, SECRETS) as {
  services: Record<string, Service>;
  volumes: Record<string, unknown>;
  networks: { default: { ipam: { config: { subnet: string }[] } } };
};
const services = compose.services;
const service = (name: string): Service => {
  const found = services[name];
  if (!found) throw new Error(`no service ${name} in compose.yaml`);
  return found;
};
const shopEnv = () => service('shop-1').environment ?? {};

/** The variables the shop's configuration reads: the keys of its schema in apps/api/src/platform/config.ts. */
function configVariables(): Set<string> {
  const source = fs.readFileSync(path.join(repoRoot, 'apps/api/src/platform/config.ts'), 'utf8');
  const schema = /const envSchema = z\.object\(\{\n([\s\S]*?)\n\}\);/.exec(source)?.[1] ?? '';
  return new Set([...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1] ?? ''));
}

/** The runtime image's ENV, which compose's environment adds to. */
function imageEnv(): Record<string, string> {
  const runtime = parseDockerfile(fs.readFileSync(path.join(repoRoot, 'Dockerfile'), 'utf8')).at(-1);
  return Object.assign({}, ...(runtime?.instructions.flatMap((i) => (i.kind === 'ENV' ? [i.vars] : [])) ?? []));
}

const seconds = (duration: string | undefined) => {
  const match = /^(\d+)s$/.exec(duration ?? '');
  if (!match) throw new Error(`a duration in seconds such as 30s, not ${duration}`);
  return Number(match[1]);
};

describe('compose.yaml', () => {
  it('runs two shop instances built from the Dockerfile, PostgreSQL, Redis, MinIO and HAProxy', () => {
    expect(Object.keys(services).sort()).toEqual(
      ['haproxy', 'minio', 'minio-setup', 'postgres', 'postgres-setup', 'redis', 'shop-1', 'shop-2'].sort(),
    );
    const instances = COMPOSE_SERVICES.instances.map((i) => i.name);
    expect(Object.keys(services).filter((n) => service(n).build !== undefined)).toEqual(instances);
    for (const name of instances) expect(service(name).build).toBe('.');
    // The same image and settings for both: an instance is one of many, never special.
    expect(service('shop-2').environment).toEqual(service('shop-1').environment);
    expect(service('shop-2').image).toBe(service('shop-1').image);
    // Where HAProxy looks for them: the service names and the port the image listens on.
    expect(COMPOSE_SERVICES.instances.every((i) => i.host === i.name && String(i.port) === imageEnv().PORT)).toBe(true);
    expect(service('haproxy').image).toMatch(/^haproxy:[0-9.]+-bookworm$/);
    expect(Object.keys(compose.volumes).sort()).toEqual(['minio-data', 'postgres-data', 'shop-data']);
  });

  it('refuses to start without each secret, and has none written in it', () => {
    for (const name of Object.keys(SECRETS)) {
      const { [name as keyof typeof SECRETS]: _left, ...without } = SECRETS;
      expect(() => interpolated(raw, without), name).toThrow(`required variable ${name}`);
    }
    // No password of any kind is written in the file (a leftover default would be everyone's).
    expect(text).not.toMatch(/(PASSWORD|SECRET[A-Z_]*): (?!\$\{)/);
  });

  it("names only variables the shop's configuration reads, with values it accepts", () => {
    const known = configVariables();
    expect(known.size).toBeGreaterThan(40);
    const unknown = Object.keys(shopEnv()).filter((name) => !known.has(name));
    expect(unknown, 'variables the shop would ignore').toEqual([]);

    const config = loadConfig({ ...imageEnv(), ...shopEnv() });
    const [subnet] = compose.networks.default.ipam.config;
    expect(subnet?.subnet).toBe('172.30.57.0/24');
    expect(service('haproxy').networks?.default?.ipv4_address).toBe('172.30.57.10');
    expect(config).toMatchObject({
      env: 'production',
      publicUrl: SECRETS.PUBLIC_URL,
      // Only HAProxy's X-Forwarded-For is believed: HAProxy's fixed address on the services' own subnet.
      trustProxy: [service('haproxy').networks?.default?.ipv4_address],
      redisUrl: 'redis://redis:6379',
      twoFactor: { adminRequired: true },
      admin: { password: SECRETS.ADMIN_PASSWORD },
      stripe: undefined,
      mail: { smtpUrl: undefined },
    });
    // The database and the object storage are the services of this file, with their own credentials: the
    // owner migrates, the shop runs as the role postgres-setup makes.
    const owner = new URL(config.databaseMigrationUrl ?? '');
    const postgres = service('postgres').environment ?? {};
    expect([owner.hostname, owner.port, owner.username, owner.password, owner.pathname]).toEqual([
      'postgres',
      '5432',
      postgres.POSTGRES_USER,
      postgres.POSTGRES_PASSWORD,
      `/${postgres.POSTGRES_DB}`,
    ]);
    const db = new URL(config.databaseUrl ?? '');
    expect([db.hostname, db.port, db.username, db.password, db.pathname]).toEqual([
      'postgres',
      '5432',
      'shop_app',
      SECRETS.SHOP_DATABASE_PASSWORD,
      `/${postgres.POSTGRES_DB}`,
    ]);
    const objects = COMPOSE_SERVICES.objects;
    expect(config.s3).toEqual({
      bucket: objects.bucket,
      endpoint: `http://${objects.host}:${objects.port}`,
      region: 'us-east-1',
      accessKeyId: 'shop',
      secretAccessKey: SECRETS.S3_SECRET_ACCESS_KEY,
      // Images come from HAProxy's /uploads/ on the shop's own address.
      publicUrl: SECRETS.PUBLIC_URL,
    });
  });

  it("makes the bucket, the shop's own key and public reads of uploads/ only before a shop starts", () => {
    const script = service('minio-setup').entrypoint?.join('\n') ?? '';
    const { bucket } = COMPOSE_SERVICES.objects;
    expect(script).toContain(`mc mb --ignore-existing local/${bucket}`);
    expect(script).toContain(`mc admin user add local ${shopEnv().S3_ACCESS_KEY_ID} "$S3_SECRET_ACCESS_KEY"`);
    expect(script).toContain(`mc anonymous set download local/${bucket}/uploads\n`);
    expect(service('minio-setup').environment?.S3_SECRET_ACCESS_KEY).toBe(shopEnv().S3_SECRET_ACCESS_KEY);
  });

  it('makes the role the shop runs as, owning nothing, before a shop starts', () => {
    const setup = service('postgres-setup');
    const script = setup.entrypoint?.join('\n') ?? '';
    expect(script).toContain('ALTER ROLE shop_app WITH LOGIN NOSUPERUSER NOCREATEDB NOCREATEROLE NOBYPASSRLS');
    expect(script).toContain('GRANT CONNECT, TEMPORARY ON DATABASE shop TO shop_app');
    expect(setup.environment?.SHOP_DATABASE_PASSWORD).toBe(SECRETS.SHOP_DATABASE_PASSWORD);
    expect(setup.environment?.PGUSER).toBe(service('postgres').environment?.POSTGRES_USER);
  });

  it('starts each part once what it needs is healthy, the first instance alone on an empty database', () => {
    const needs = (name: string) =>
      Object.fromEntries(Object.entries(service(name).depends_on ?? {}).map(([k, v]) => [k, v.condition]));
    expect(needs('shop-1')).toEqual({
      postgres: 'service_healthy',
      redis: 'service_healthy',
      'postgres-setup': 'service_completed_successfully',
      'minio-setup': 'service_completed_successfully',
    });
    // Migrations and the first seed are not made for two instances racing on an empty database.
    expect(needs('shop-2')).toEqual({ 'shop-1': 'service_healthy' });
    expect(needs('minio-setup')).toEqual({ minio: 'service_healthy' });
    expect(needs('postgres-setup')).toEqual({ postgres: 'service_healthy' });
    expect(Object.keys(needs('haproxy')).sort()).toEqual(['minio', 'shop-1', 'shop-2']);
    // Every service waited on as healthy has a check, and a shop's is the image's own.
    for (const [name, s] of Object.entries(services)) {
      for (const [dependency, condition] of Object.entries(s.depends_on ?? {})) {
        if (condition.condition === 'service_healthy')
          expect(service(dependency).healthcheck, `${name} waits on ${dependency}`).toBeDefined();
      }
    }
    expect(service('shop-1').healthcheck?.test).toEqual(['CMD', 'node', 'deploy/healthcheck.mjs']);
  });

  it('lets an instance drain before Docker kills it, behind the HAProxy configuration made for its timings', () => {
    const timings = shopTimingsOf({ ...imageEnv(), ...shopEnv() });
    const drainSeconds = (timings.shutdownDelayMs + timings.shutdownGraceMs) / 1000;
    for (const name of ['shop-1', 'shop-2']) {
      expect(seconds(service(name).stop_grace_period)).toBeGreaterThan(drainSeconds);
    }
    const haproxy = service('haproxy');
    expect(haproxy.volumes).toEqual([`./${DEPLOY_HAPROXY_FILE}:/usr/local/etc/haproxy/haproxy.cfg:ro`]);
    expect(fs.readFileSync(path.join(repoRoot, DEPLOY_HAPROXY_FILE), 'utf8')).toBe(deployHaproxyConfig(timings));
    expect(haproxy.ports).toEqual([`8080:${COMPOSE_SERVICES.port}`]);
    // Only HAProxy is reachable from outside: the instances, the database and the bucket are not published.
    expect(Object.keys(services).filter((n) => service(n).ports)).toEqual(['haproxy']);
  });
});
