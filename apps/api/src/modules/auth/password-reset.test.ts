import { randomUUID } from 'node:crypto';
import { PASSWORD_RESET_MESSAGES } from '@shop/contract/users';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordResetTokens, sessions, users } from '../../db/schema';
import { createUser, TEST_PASSWORD, type TestUser } from '../../test/factories';
import { waitUntil } from '../../test/mail-test-kit';
import { createTestApp, type TestApp } from '../../test/test-app';
import { mailSealKey, unsealFromMail } from '../mail/mail-seal';
import { RESET_REQUESTS_PER_EMAIL_PER_HOUR, startPasswordResetWorker } from './password-reset.service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await startPasswordResetWorker({ db: t.db, jobs: t.app.deps.jobs, log: t.app.log });
});
afterAll(() => t.close());

/** Each request from its own client address, so the per-address limit stays out of the way. */
let clientNumber = 10;
const post = (url: string, payload: object, remoteAddress = `127.0.1.${clientNumber++ % 250}`) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress });
const forgot = (email: string, remoteAddress?: string) => post('/api/auth/forgot-password', { email }, remoteAddress);
const reset = (token: string, password: string) => post('/api/auth/reset-password', { token, password });
const login = (email: string, password: string) => post('/api/auth/login', { email, password });

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** Until every reset request asked so far has been worked by its job. */
async function requestsWorked(): Promise<void> {
  await waitUntil(async () => {
    const [row] = rowsOf<{ n: number }>(
      await t.db.execute(sql`
        select count(*)::int as n from pgboss.job
        where name = 'password-reset' and state in ('created', 'retry', 'active')`),
    );
    return row?.n === 0;
  }, 'the reset requests to be worked');
}

/** The tokens the mail jobs of these reset requests carry, newest last, read as the mail worker reads them. */
async function tokensMailedTo(user: TestUser): Promise<string[]> {
  await requestsWorked();
  const key = await mailSealKey(t.db);
  const result = await t.db.execute(sql`
    select j.data->>'sealed' as sealed from pgboss.job j
    join ${passwordResetTokens} r on j.data->>'eventKey' = 'password-reset:' || r.id
    where j.name = 'mail' and r.user_id = ${user.id} order by r.created_at`);
  return rowsOf<{ sealed: string }>(result).map((row) => unsealFromMail(key, row.sealed));
}

async function resetMailsQueued(): Promise<number> {
  await requestsWorked();
  const result = await t.db.execute(
    sql`select count(*)::int as n from pgboss.job where name = 'mail' and data->>'eventKey' like 'password-reset:%'`,
  );
  return rowsOf<{ n: number }>(result)[0]?.n ?? 0;
}

async function latestToken(user: TestUser): Promise<string> {
  const tokens = await tokensMailedTo(user);
  const token = tokens.at(-1);
  if (!token) throw new Error('no reset mail was queued');
  return token;
}

describe('password reset', () => {
  it('answers the same for an address with an account and one without, and mails only the account', async () => {
    const user = await createUser(t.db);
    const mailsBefore = await resetMailsQueued();
    const known = await forgot(user.email);
    const unknown = await forgot('nobody-here@example.test');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(known.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.requested });
    expect(await tokensMailedTo(user)).toHaveLength(1);
    expect(await resetMailsQueued()).toBe(mailsBefore + 1);
    // The requests' jobs carry the addresses sealed: the job table keeps no address anyone typed.
    const jobs = await t.db.execute(sql`select data::text as data from pgboss.job where name = 'password-reset'`);
    const stored = rowsOf<{ data: string }>(jobs).map((row) => row.data);
    expect(stored.length).toBeGreaterThanOrEqual(2);
    expect(stored.join('\n')).not.toContain('@');
    const [row] = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, user.id));
    const token = await latestToken(user);
    // 256 random bits; only the hash is stored, and it expires in 30 minutes.
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(row?.tokenHash).not.toContain(token);
    const minutes = ((row?.expiresAt.getTime() ?? 0) - (row?.createdAt.getTime() ?? 0)) / 60_000;
    expect(minutes).toBeGreaterThan(29.9);
    expect(minutes).toBeLessThanOrEqual(30.1);
  });

  it('sets the new password once, and ends every session of the account', async () => {
    const user = await createUser(t.db);
    await forgot(user.email);
    const token = await latestToken(user);
    const done = await reset(token, 'a-brand-new-password');
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.done });
    const [row] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(sessions)
      .where(eq(sessions.userId, user.id));
    expect(row?.n).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: user.headers })).statusCode).toBe(401);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(401);
    expect((await login(user.email, 'a-brand-new-password')).statusCode).toBe(200);

    const again = await reset(token, 'yet-another-password');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.used });
    expect((await login(user.email, 'a-brand-new-password')).statusCode).toBe(200);
  });

  it('refuses expired, tampered and unknown tokens with a clear message, and changes nothing', async () => {
    const user = await createUser(t.db);
    await forgot(user.email);
    const token = await latestToken(user);
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    const tampered = await reset(`${token.slice(0, -1)}${last}`, 'tampered-password');
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.invalid });
    expect((await reset('not-a-token', 'tampered-password')).json()).toEqual({
      message: PASSWORD_RESET_MESSAGES.invalid,
    });

    await t.db
      .update(passwordResetTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResetTokens.userId, user.id));
    const expired = await reset(token, 'too-late-password');
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toEqual({ message: PASSWORD_RESET_MESSAGES.expired });
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: user.headers })).statusCode).toBe(200);
  });

  it("changes only the account a token was made for: another user's token never touches this one", async () => {
    const owner = await createUser(t.db);
    const other = await createUser(t.db);
    await forgot(owner.email);
    await forgot(other.email);
    const othersToken = await latestToken(other);
    expect((await reset(othersToken, 'set-by-other-token')).statusCode).toBe(200);
    expect((await login(owner.email, 'set-by-other-token')).statusCode).toBe(401);
    expect((await login(owner.email, TEST_PASSWORD)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: owner.headers })).statusCode).toBe(200);
  });

  it("retires the account's other links once one of them has been used", async () => {
    const user = await createUser(t.db);
    await forgot(user.email);
    await forgot(user.email);
    const [first, second] = await tokensMailedTo(user);
    expect((await reset(second as string, 'the-second-link-won')).statusCode).toBe(200);
    expect((await reset(first as string, 'the-first-link-late')).json()).toEqual({
      message: PASSWORD_RESET_MESSAGES.used,
    });
  });

  it('limits requests per e-mail and per client address, known or not', async () => {
    for (const email of [(await createUser(t.db)).email, 'limit-nobody@example.test']) {
      const answers = [];
      for (let i = 0; i <= RESET_REQUESTS_PER_EMAIL_PER_HOUR; i++) answers.push((await forgot(email)).statusCode);
      expect(answers.slice(0, -1).every((s) => s === 200)).toBe(true);
      expect(answers.at(-1)).toBe(429);
    }
    const address = '127.0.2.1';
    const statuses = [];
    for (let i = 0; i < 31; i++) statuses.push((await forgot(`walker-${i}@example.test`, address)).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it('refuses a short password and a malformed e-mail with a 400 and a message', async () => {
    const user = await createUser(t.db);
    await forgot(user.email);
    const token = await latestToken(user);
    const short = await reset(token, 'short');
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toMatch(/at least 8 characters/);
    expect((await login(user.email, TEST_PASSWORD)).statusCode).toBe(200);
    const bad = await forgot('not-an-email');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/valid email/i);
    const [row] = await t.db.select({ hash: users.passwordHash }).from(users).where(eq(users.id, user.id));
    expect(row?.hash).toMatch(/^scrypt\$/);
  });
});

describe('the time a reset request takes', () => {
  // An app of its own whose requests wait for their jobs: what is timed is the answer alone, without the
  // jobs of earlier requests being worked in the same thread meanwhile.
  let quiet: TestApp;
  beforeAll(async () => {
    quiet = await createTestApp();
  });
  afterAll(() => quiet.close());

  const median = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    const middle = sorted.length / 2;
    return ((sorted[Math.floor(middle - 0.5)] ?? 0) + (sorted[Math.ceil(middle - 0.5)] ?? 0)) / 2;
  };
  const timed = async (email: string) => {
    const started = performance.now();
    const res = await quiet.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email },
      remoteAddress: `127.0.5.${clientNumber++ % 250}`,
    });
    const ms = performance.now() - started;
    expect(res.statusCode).toBe(200);
    return ms;
  };

  it('does not tell an address with an account from one without', async ({ annotate }) => {
    const rounds = 30;
    const warmUp = 10;
    // A busy machine slows some requests at random; a leak slows every known address. So each pair of
    // requests is compared with itself, and a trial a load spike spoilt is measured again, up to three times.
    const trials = 3;
    const accounts: TestUser[] = [];
    for (let i = 0; i < warmUp + trials * rounds; i++) accounts.push(await createUser(quiet.db));
    const nobody = () => `nobody-${randomUUID()}@example.test`;
    for (const account of accounts.slice(0, warmUp)) {
      await timed(account.email);
      await timed(nobody());
    }
    const trial = async (emails: readonly string[]) => {
      const known: number[] = [];
      const unknown: number[] = [];
      for (const [i, email] of emails.entries()) {
        // Which goes first alternates, so neither kind is always the one that follows the other.
        if (i % 2 === 0) {
          known.push(await timed(email));
          unknown.push(await timed(nobody()));
        } else {
          unknown.push(await timed(nobody()));
          known.push(await timed(email));
        }
      }
      const [k, u] = [median(known), median(unknown)];
      const gap = median(known.map((ms, i) => ms - (unknown[i] ?? 0)));
      return {
        gap,
        allowed: Math.max(1, 0.15 * Math.max(k, u)),
        figures: `median ${k.toFixed(2)} ms known, ${u.toFixed(2)} ms unknown, ${gap.toFixed(2)} ms apart in pairs`,
      };
    };
    let result = { gap: Number.POSITIVE_INFINITY, allowed: 0, figures: '' };
    let asked = warmUp;
    for (let t = 0; t < trials && Math.abs(result.gap) > result.allowed; t++) {
      const emails = accounts.slice(warmUp + t * rounds, warmUp + (t + 1) * rounds).map((account) => account.email);
      result = await trial(emails);
      asked += rounds;
      await annotate(`trial ${t + 1}: ${result.figures}`);
    }
    expect(Math.abs(result.gap), result.figures).toBeLessThanOrEqual(result.allowed);

    // Once the jobs are worked, every account gets its link, and no address without one does.
    await startPasswordResetWorker({ db: quiet.db, jobs: quiet.app.deps.jobs, log: quiet.app.log });
    await waitUntil(async () => {
      const result = await quiet.db.execute(sql`select count(*)::int as n from ${passwordResetTokens}`);
      return rowsOf<{ n: number }>(result)[0]?.n === asked;
    }, 'a link for every account');
    const linked = await quiet.db.select({ userId: passwordResetTokens.userId }).from(passwordResetTokens);
    const askedFor = accounts.slice(0, asked).map((account) => account.id);
    expect(new Set(linked.map((row) => row.userId))).toEqual(new Set(askedFor));
  }, 180_000);
});
