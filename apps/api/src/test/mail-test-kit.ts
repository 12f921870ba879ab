import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { expect } from 'vitest';
import { confirm, GOOD_CARD, openSession, submitCard } from './checkout-test-kit';
import type { TestUser } from './factories';

/** A real SMTP server on 127.0.0.1 that keeps every mail it accepts, parsed. */
export interface TestSmtpServer {
  port: number;
  url: string;
  received: ParsedMail[];
  /** Stops accepting connections (the shop's tries are refused) until `reopen`. */
  close(): Promise<void>;
  /** Listens again on the same port. */
  reopen(): Promise<void>;
}

function listen(port: number, received: ParsedMail[]): Promise<SMTPServer> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream).then(
        (mail) => {
          received.push(mail);
          callback();
        },
        (err: Error) => callback(err),
      );
    },
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });
}

export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  let server: SMTPServer | null = await listen(0, received);
  const port = ((server as unknown as { server: { address(): AddressInfo } }).server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: async () => {
      const open = server;
      server = null;
      if (open) await new Promise<void>((resolve) => open.close(() => resolve()));
    },
    reopen: async () => {
      server = await listen(port, received);
    },
  };
}

/** The delivery the hosted checkout asks for; a form without those fields ignores them. */
export const DELIVERY_FIELDS = {
  fullName: 'Ada Lovelace',
  line1: '12 Analytical Row',
  line2: '',
  city: 'London',
  region: '',
  postalCode: 'N1 9GU',
  country: 'GB',
  shippingMethod: 'standard',
};

/** Buys `cart` as a shopper does: checkout session, the hosted page's form, the success page's confirmation. */
export async function buy(app: FastifyInstance, user: TestUser, cart: unknown) {
  const { id } = await openSession(app, user, cart);
  const fields = { ...GOOD_CARD, ...DELIVERY_FIELDS };
  const paid = await submitCard(app, id, fields);
  expect(paid.statusCode, paid.body).toBeLessThan(400);
  const res = await confirm(app, user, id);
  expect(res.statusCode, res.body).toBe(200);
  return { sessionId: id, order: res.json().order as { _id: string; amount: number } };
}

export async function waitUntil(check: () => boolean | Promise<boolean>, what: string, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
