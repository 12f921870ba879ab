import { randomBytes } from 'node:crypto';
import pg from 'pg';

/** PostgreSQL databases for shops that run as processes: made on the server a URL names, dropped after. */

export function databaseName(url: string): string {
  const name = decodeURIComponent(new URL(url).pathname.slice(1));
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) {
    throw new Error(`${url}: the database name must be letters, digits and underscores`);
  }
  return name;
}

export function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

/** The URL of a database on the same server as `serverUrl` that nothing else uses, e.g. `e2e_3f9a...`. */
export const scratchDatabaseUrl = (serverUrl: string, prefix: string) =>
  withDatabaseName(serverUrl, `${prefix}_${randomBytes(6).toString('hex')}`);

/** Runs `work` connected to the server's maintenance database, where databases are created and dropped. */
async function onServer<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: withDatabaseName(url, 'postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates the database `url` names unless it exists (dropping it first when `fresh`); true when it was made. */
export async function ensureDatabase(url: string, options: { fresh?: boolean } = {}): Promise<boolean> {
  const name = databaseName(url);
  return onServer(url, async (client) => {
    if (options.fresh) await client.query(`drop database if exists "${name}" with (force)`);
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
    if (rowCount) return false;
    await client.query(`create database "${name}"`);
    return true;
  });
}

export async function dropDatabase(url: string): Promise<void> {
  const name = databaseName(url);
  await onServer(url, (client) => client.query(`drop database if exists "${name}" with (force)`));
}
