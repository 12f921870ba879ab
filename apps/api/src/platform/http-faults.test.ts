import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser } from '../test/factories';
import { createTestApp, type TestApp } from '../test/test-app';
import { JSON_BODY_MESSAGES } from './json-body';

/** The HTTP layer against clients that are slow, malformed or send the wrong thing. */

let t: TestApp;
let port: number;
const REQUEST_TIMEOUT_SECONDS = 3;
const HEADERS_TIMEOUT_SECONDS = 2;
/** Node looks for expired requests once a second, and a busy machine runs its timers late. */
const closedWithinMs = (timeoutSeconds: number) => (timeoutSeconds + 3) * 1000;

beforeAll(async () => {
  t = await createTestApp({
    env: {
      HTTP_REQUEST_TIMEOUT_SECONDS: String(REQUEST_TIMEOUT_SECONDS),
      HTTP_HEADERS_TIMEOUT_SECONDS: String(HEADERS_TIMEOUT_SECONDS),
    },
  });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(() => t.close());

interface RawExchange {
  /** Everything the server sent before it closed the connection. */
  answer: string;
  /** Milliseconds from the first byte sent to the close. */
  closedAfterMs: number;
}

/** Opens a socket, sends `head`, then `trickle` one byte a second until the server closes it. */
function slowClient(head: string, trickle: boolean): Promise<RawExchange> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(head);
      if (trickle) timer = setInterval(() => socket.writable && socket.write('x'), 1000);
    });
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ answer, closedAfterMs: performance.now() - started });
    });
    setTimeout(() => reject(new Error('the server never closed the socket')), 30_000).unref();
  });
}

const slowBodyHead = (length: number) =>
  `POST /api/auth/login HTTP/1.1\r\nHost: shop.test\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n{"email":"`;

describe('slow and short requests', () => {
  it('closes 200 slow-body sockets within the request timeout with a 408, while other requests stay fast', async () => {
    const clients = Array.from({ length: 200 }, () => slowClient(slowBodyHead(100_000), true));
    // Meanwhile a shopper's request is answered at once.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const started = performance.now();
    const health = await fetch(`http://127.0.0.1:${port}/api/health`);
    expect(health.status).toBe(200);
    expect(performance.now() - started).toBeLessThan(1000);

    const exchanges = await Promise.all(clients);
    const limitMs = closedWithinMs(REQUEST_TIMEOUT_SECONDS);
    for (const { answer, closedAfterMs } of exchanges) {
      expect(closedAfterMs).toBeLessThan(limitMs);
      expect(answer).toMatch(/^HTTP\/1\.1 408 Request Timeout\r\n/);
      expect(answer).toMatch(/Connection: close/i);
      expect(answer.endsWith('{"message":"The request took too long to arrive"}')).toBe(true);
    }
  });

  it('answers a body shorter than its Content-Length with a 408 within the timeout', async () => {
    const { answer, closedAfterMs } = await slowClient(slowBodyHead(5000), false);
    expect(closedAfterMs).toBeLessThan(closedWithinMs(REQUEST_TIMEOUT_SECONDS));
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('closes a connection whose headers never end within the headers timeout', async () => {
    const { answer, closedAfterMs } = await slowClient('GET /api/health HTTP/1.1\r\nHost: shop.test\r\n', true);
    expect(closedAfterMs).toBeLessThan(closedWithinMs(HEADERS_TIMEOUT_SECONDS));
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("answers a malformed request line in the shop's { message } shape", async () => {
    const { answer } = await slowClient('NOT HTTP AT ALL\r\n\r\n', false);
    expect(answer).toMatch(/^HTTP\/1\.1 400 Bad Request\r\n/);
    expect(answer.endsWith('{"message":"The request is malformed"}')).toBe(true);
  });
});

describe('bodies that are not what the API takes', () => {
  const post = (body: string, contentType: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/login', headers: { 'content-type': contentType }, payload: body });

  it('gives JSON sent as text the same 415 as any other content type, naming application/json', async () => {
    const json = JSON.stringify({ email: 'a@b.test', password: 'x' });
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const res = await post(json, type);
      expect([res.statusCode, res.json()], type).toEqual([415, { message: JSON_BODY_MESSAGES.contentType }]);
    }
  });

  it('gives a __proto__ or constructor.prototype key its own message, and changes nothing', async () => {
    const user = await createUser(t.db);
    for (const body of [
      `{"username":"x","__proto__":{"role":"admin"}}`,
      `{"username":"x","constructor":{"prototype":{"role":"admin"}}}`,
    ]) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: '/api/auth/edit-profile',
        headers: { ...user.headers, 'content-type': 'application/json' },
        payload: body,
      });
      expect([res.statusCode, res.json()]).toEqual([400, { message: JSON_BODY_MESSAGES.prototypeKey }]);
    }
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: user.headers });
    expect(me.json().user).toMatchObject({ username: user.username, role: 'user' });
  });

  it('answers broken and empty JSON in words', async () => {
    expect((await post('{"email":', 'application/json')).json()).toEqual({ message: JSON_BODY_MESSAGES.invalid });
    expect((await post('', 'application/json')).json()).toEqual({ message: JSON_BODY_MESSAGES.empty });
  });
});
