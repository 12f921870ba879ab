import type { ParsedMail } from 'mailparser';
import { startBackInStockWorker } from '../modules/back-in-stock/back-in-stock-notices';
import { startMailWorker } from '../modules/mail/mail-worker';
import { createAdmin, createProduct, type TestUser } from './factories';
import { startSmtpServer, type TestSmtpServer } from './mail-test-kit';
import { createTestApp, type TestApp } from './test-app';

/**
 * The shop with its mail and back-in-stock workers, sending to a real SMTP server on 127.0.0.1, one per
 * test file: `beforeAll(startBackInStockShop)`, `afterAll(stopBackInStockShop)`.
 */
export let smtp: TestSmtpServer;
export let t: TestApp;
export let admin: TestUser;

export async function startBackInStockShop() {
  smtp = await startSmtpServer();
  t = await createTestApp({ env: { SMTP_URL: smtp.url } });
  admin = await createAdmin(t.db);
  await startMailWorker(t.app.deps, t.app.log);
  await startBackInStockWorker({ db: t.db, jobs: t.app.deps.jobs, log: t.app.log });
}

export async function stopBackInStockShop() {
  await t.close();
  await smtp.close();
}

/** A dress in black and red whose size M is sold out in black. */
export const soldOutDress = () =>
  createProduct(t.db, {
    category: 'dress',
    sizeScale: 'clothing',
    colours: ['black', 'red'],
    stock: [
      { size: 'S', onHand: 4 },
      { size: 'M', onHand: 0, colour: 'black' },
      { size: 'M', onHand: 5, colour: 'red' },
    ],
  });

/** Asks to hear about a size, as a guest (with `email`) or as `user`, from the address `ip`. */
export function ask(
  body: { productId: string; colour?: string; size: string; email?: string },
  options: { user?: TestUser; ip?: string } = {},
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/back-in-stock',
    payload: body,
    headers: options.user?.headers ?? {},
    remoteAddress: options.ip ?? '127.0.0.1',
  });
}

export const byToken = (action: 'confirm' | 'unsubscribe', token: string) =>
  t.app.inject({ method: 'POST', url: `/api/back-in-stock/${action}`, payload: { token } });

/** Sets a size's stock as the admin's stock panel does. */
export function setStock(productId: string, change: { colour: string; size: string; onHand: number; was: number }) {
  return t.app.inject({
    method: 'PUT',
    url: `/api/inventory/products/${productId}`,
    headers: admin.headers,
    payload: { colour: change.colour, size: change.size, onHand: change.onHand, expectedOnHand: change.was },
  });
}

export const mailsTo = (email: string, subject?: RegExp): ParsedMail[] =>
  smtp.received.filter(
    (m) =>
      (Array.isArray(m.to) ? m.to : [m.to]).some((a) => a?.text.includes(email)) &&
      (!subject || subject.test(m.subject ?? '')),
  );

/** The token of a link in a mail, from its `?token=`. */
export function tokenIn(mail: ParsedMail, path: string): string {
  const text = mail.text ?? '';
  const match = new RegExp(`${path.replace(/\//g, '\\/')}\\?token=([0-9a-f]{64})`).exec(text);
  if (!match?.[1]) throw new Error(`no ${path} link in the mail`);
  return match[1];
}
