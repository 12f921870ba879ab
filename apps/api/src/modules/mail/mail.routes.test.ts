import fs from 'node:fs';
import path from 'node:path';
import type { SentMailsResponse } from '@shop/contract/mail';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdmin, createProduct, createUser } from '../../test/factories';
import { buy, waitUntil } from '../../test/mail-test-kit';
import { createTestApp, type TestApp } from '../../test/test-app';
import { mailboxDir, readDevMailbox } from './dev-mailbox';
import { startMailWorker } from './mail-worker';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await startMailWorker(t.app.deps, t.app.log);
});
afterAll(() => t.close());

const emlFiles = () => {
  const dir = mailboxDir(t.config.dataDir);
  return fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => f.endsWith('.eml')) : [];
};

describe('the dev mailbox (no SMTP_URL)', () => {
  it('keeps each mail as an .eml file that the admin lists newest first and reads', async () => {
    const admin = await createAdmin(t.db);
    const user = await createUser(t.db);
    const product = await createProduct(t.db, { name: 'Silk Scarf', priceCents: 3550 });
    const first = await buy(t.app, user, [{ _id: product.id, quantity: 1 }]);
    await waitUntil(() => emlFiles().length === 1, 'the first .eml');
    const second = await buy(t.app, user, [{ _id: product.id, quantity: 2 }]);
    await waitUntil(() => emlFiles().length === 2, 'the second .eml');

    const [file] = emlFiles().sort();
    const raw = fs.readFileSync(path.join(mailboxDir(t.config.dataDir), file ?? ''), 'utf8');
    expect(raw).toMatch(/^Subject: Your Lebaba order is confirmed$/m);
    expect(raw).toMatch(new RegExp(`^Message-ID:\\s+<order-confirmation\\.${first.order._id}@shop\\.test>`, 'm'));

    const list = await t.app.inject({ method: 'GET', url: '/api/mail/sent', headers: admin.headers });
    expect(list.statusCode).toBe(200);
    const body = list.json() as SentMailsResponse;
    expect(body.devMailbox).toBe(true);
    expect(body.mails).toHaveLength(2);
    expect(body.mails.map((m) => m.id)).toEqual(
      emlFiles()
        .sort()
        .reverse()
        .map((f) => f.replace(/\.eml$/, '')),
    );
    expect(body.mails[0]?.id).toContain(second.order._id);
    expect(body.mails[0]).toMatchObject({ to: user.email, subject: 'Your Lebaba order is confirmed' });

    const one = await t.app.inject({
      method: 'GET',
      url: `/api/mail/sent/${encodeURIComponent(body.mails[1]?.id ?? '')}`,
      headers: admin.headers,
    });
    expect(one.statusCode).toBe(200);
    const mail = one.json();
    expect(mail).toMatchObject({ to: user.email, subject: 'Your Lebaba order is confirmed' });
    expect(Date.parse(mail.sentAt)).not.toBeNaN();
    expect(mail.html).toContain('Silk Scarf');
    expect(mail.html).toContain(`/orders/${first.order._id}`);
    expect(mail.text).toMatch(/1 × \$35\.50/);
  });

  it('answers 401 without a session and 403 to a customer', async () => {
    const user = await createUser(t.db);
    for (const url of ['/api/mail/sent', '/api/mail/sent/some-mail']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url, headers: user.headers })).statusCode).toBe(403);
    }
  });

  it('refuses ids that leave the mailbox with 400 and answers 404 for one it does not hold', async () => {
    const admin = await createAdmin(t.db);
    // A file beside the mailbox that a traversal would reach.
    fs.writeFileSync(path.join(t.config.dataDir, 'secret.eml'), 'Subject: secret\n\nsecret');
    for (const id of ['..%2Fsecret', '..%2F..%2Fetc%2Fpasswd', '.hidden', 'a%00b', 'a%5Cb', 'a b', 'a%2Fb']) {
      const res = await t.app.inject({ method: 'GET', url: `/api/mail/sent/${id}`, headers: admin.headers });
      expect(res.statusCode, id).toBe(400);
      expect(res.body).not.toContain('secret');
    }
    // `..` itself: the router resolves it away before any handler; the mailbox refuses it too.
    const dots = await t.app.inject({ method: 'GET', url: '/api/mail/sent/%2E%2E', headers: admin.headers });
    expect(dots.statusCode).not.toBe(200);
    await expect(readDevMailbox(t.config.dataDir, '..')).rejects.toMatchObject({ kind: 'invalid' });
    await expect(readDevMailbox(t.config.dataDir, '../secret')).rejects.toMatchObject({ kind: 'invalid' });
    const missing = await t.app.inject({ method: 'GET', url: '/api/mail/sent/no-such-mail', headers: admin.headers });
    expect(missing.statusCode).toBe(404);
  });
});

describe('with SMTP_URL set', () => {
  it('keeps no mailbox: the list says so and is empty', async () => {
    const smtpApp = await createTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:9' } });
    try {
      const admin = await createAdmin(smtpApp.db);
      const res = await smtpApp.app.inject({ method: 'GET', url: '/api/mail/sent', headers: admin.headers });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ devMailbox: false, mails: [] });
    } finally {
      await smtpApp.close();
    }
  });
});
