import net from 'node:net';
import { Writable } from 'node:stream';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { createUser } from '../test/factories';
import { openTestDatabase, type TestDatabase, testConfig } from '../test/test-app';
import { createLogger, serializeError } from './logger';
import { loggablePath } from './request-log';

interface Line {
  msg: string;
  route?: string;
  path?: string;
  status?: number | null;
  ms?: number;
}

let app: FastifyInstance;
let database: TestDatabase;
const lines: Line[] = [];

beforeAll(async () => {
  const config = testConfig();
  database = await openTestDatabase(config);
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString().split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  app = await buildApp({ config, database: database.handle, logger: createLogger('info', { destination: sink }) });
  await app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await app.close();
  await database.drop();
});

const requestLines = () => lines.filter((l) => l.msg === 'request' || l.msg === 'request aborted by the client');

describe('request lines', () => {
  it('gives every request one line with its route, status and time, and no e-mail from the address', async () => {
    const user = await createUser(app.deps.db);
    await app.inject({ method: 'GET', url: '/api/products?category=dress&limit=3' });
    await app.inject({ method: 'GET', url: `/api/orders/${encodeURIComponent(user.email)}`, headers: user.headers });
    await app.inject({ method: 'GET', url: '/api/nothing-here' });
    const seen = requestLines();
    expect(seen).toContainEqual(
      expect.objectContaining({ route: '/api/products', path: '/api/products', status: 200, ms: expect.any(Number) }),
    );
    expect(seen).toContainEqual(
      expect.objectContaining({ route: '/api/orders/:email', path: '/api/orders/[email]', status: 200 }),
    );
    expect(seen).toContainEqual(expect.objectContaining({ route: '(no route)', status: 404 }));
    expect(JSON.stringify(lines)).not.toContain(user.email.split('@')[0]);
  });

  it('logs a request the client gave up on as aborted', async () => {
    const { port } = app.server.address() as net.AddressInfo;
    const body = JSON.stringify({ email: 'someone@example.test', password: 'a-password-long-enough' });
    await new Promise<void>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.write(
          `POST /api/auth/login HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body}`,
        );
        // Gone before the password check (a slow scrypt) can answer.
        setTimeout(() => {
          socket.destroy();
          resolve();
        }, 5);
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(requestLines()).toContainEqual(
      expect.objectContaining({ msg: 'request aborted by the client', route: '/api/auth/login', status: null }),
    );
  });
});

describe('errors in the log', () => {
  it("keep a failed query's SQL but not its parameters or PostgreSQL's detail", () => {
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_lower_key"'), {
      code: '23505',
      detail: 'Key (lower(email))=(grace@example.test) already exists.',
    });
    const err = new DrizzleQueryError('insert into "users" ("email") values ($1)', ['grace@example.test'], cause);
    const logged = JSON.stringify(serializeError(err));
    expect(logged).toContain('insert into \\"users\\"');
    expect(logged).toContain('23505');
    expect(logged).not.toContain('grace@example.test');
  });

  it('masks e-mails in a path and drops the query string', () => {
    expect(loggablePath('/api/orders/ada%40example.test?token=abc')).toBe('/api/orders/[email]');
    expect(loggablePath('/api/stats/user-stats/ada@example.test')).toBe('/api/stats/user-stats/[email]');
  });

  it("masks a guest's order link, which opens the order to whoever holds it", () => {
    const link = `${crypto.randomUUID()}.${'A'.repeat(43)}`;
    expect(loggablePath(`/api/orders/guest/${link}`)).toBe('/api/orders/guest/[order link]');
    expect(loggablePath(`/orders/guest/${link}?x=1`)).toBe('/orders/guest/[order link]');
  });
});
