import type net from 'node:net';
import { SMTPServer } from 'smtp-server';
import type { BenchLine, Buyer } from './purchase';
import { purchase } from './purchase';

export interface MailDrain {
  orders: number;
  /** From the first purchase to the last confirmation mail accepted by the SMTP server. */
  seconds: number;
  /** How long the purchases themselves took (their mails were being sent meanwhile). */
  purchaseSeconds: number;
  /** From the last order to the last mail: what was still queued when the orders stopped. */
  tailSeconds: number;
  /** Mails the server received more than once for one Message-ID (must be 0). */
  duplicates: number;
}

/** A local SMTP server that accepts everything and counts each Message-ID it sees. */
export async function startCountingSmtp(): Promise<{
  port: number;
  received: Map<string, number>;
  stop(): Promise<void>;
}> {
  const received = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, done) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 8192) head += chunk.toString('utf8');
      });
      stream.on('end', () => {
        const id = /^message-id:\s*(\S+)/im.exec(head)?.[1] ?? `unnamed-${received.size}`;
        received.set(id, (received.get(id) ?? 0) + 1);
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as net.AddressInfo).port;
  return { port, received, stop: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/**
 * `orders` purchases by the buyers at once, each order writing its confirmation mail as a job in its
 * own transaction; the shop's workers send them to the counting server. Finished when every order's
 * mail has arrived, or after `timeoutSeconds`.
 */
export async function measureMailDrain(
  shopUrl: string,
  smtp: { received: Map<string, number> },
  buyers: readonly Buyer[],
  cart: readonly BenchLine[],
  options: { orders: number; timeoutSeconds: number },
): Promise<MailDrain> {
  const started = performance.now();
  let remaining = options.orders;
  await Promise.all(
    buyers.map(async (buyer) => {
      while (remaining > 0) {
        remaining--;
        await purchase(shopUrl, buyer, cart);
      }
    }),
  );
  const ordersDone = performance.now();
  const deadline = ordersDone + options.timeoutSeconds * 1000;
  while (smtp.received.size < options.orders && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const finished = performance.now();
  if (smtp.received.size < options.orders) {
    throw new Error(`only ${smtp.received.size} of ${options.orders} mails arrived within ${options.timeoutSeconds} s`);
  }
  const round1 = (ms: number) => Math.round(ms / 100) / 10;
  return {
    orders: options.orders,
    seconds: round1(finished - started),
    purchaseSeconds: round1(ordersDone - started),
    tailSeconds: round1(finished - ordersDone),
    duplicates: [...smtp.received.values()].filter((n) => n > 1).length,
  };
}
