import type { AuditEntry } from '@shop/contract/audit';
import { DISCOUNT_MESSAGES, type DiscountCode } from '@shop/contract/discounts';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, discountCodes } from '../../db/schema';
import { checkCode, checkoutWithCode, makeCode, readCode, uniqueCode } from '../../test/discount-test-kit';
import { createAdmin, createProduct, createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

let t: TestApp;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  admin = await createAdmin(t.db);
});
afterAll(() => t.close());

const send = (
  method: 'GET' | 'POST' | 'PUT' | 'PATCH',
  url: string,
  who: TestUser | undefined,
  payload?: Record<string, unknown>,
) => t.app.inject({ method, url, headers: who?.headers ?? {}, ...(payload === undefined ? {} : { payload }) });

const codeRow = async (id: string) => (await t.db.select().from(discountCodes).where(eq(discountCodes.id, id)))[0];
const hourFromNow = () => new Date(Date.now() + 3_600_000).toISOString();
const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString();

async function auditOf(codeId: string) {
  return t.db.select().from(auditLog).where(eq(auditLog.targetId, codeId)).orderBy(asc(auditLog.id));
}

describe("the owner's codes", () => {
  it('creates a code in capitals and answers it with its status, description and counts', async () => {
    const name = uniqueCode('SPRING');
    const res = await send('POST', '/api/discounts', admin, {
      code: `  ${name.toLowerCase()} `,
      kind: 'percentage',
      percentOff: 20,
      minOrderCents: 5000,
      category: 'dress',
      maxUses: 100,
      maxUsesPerCustomer: 2,
    });
    expect(res.statusCode).toBe(201);
    const { message, code } = res.json() as { message: string; code: DiscountCode };
    expect(message).toBe(DISCOUNT_MESSAGES.created);
    expect(code).toMatchObject({
      code: name,
      kind: 'percentage',
      percentOff: 20,
      amountOff: null,
      minOrder: 50,
      category: 'dress',
      startsAt: null,
      endsAt: null,
      maxUses: 100,
      maxUsesPerCustomer: 2,
      paused: false,
      uses: 0,
      held: 0,
      status: 'active',
      description: '20% off dresses',
    });
    expect(await readCode(t.app, admin, code._id)).toEqual(code);

    const list = await send('GET', '/api/discounts?page=1&limit=100', admin);
    expect(list.statusCode).toBe(200);
    const { codes, total } = list.json() as { codes: DiscountCode[]; total: number };
    expect(codes[0]?._id).toBe(code._id);
    expect(total).toBeGreaterThanOrEqual(1);
  });

  it.each([
    ['a percentage code without its percentage', { kind: 'percentage' }, 'Enter the percentage off, from 1 to 100'],
    ['a fixed code without its amount', { kind: 'fixed' }, 'Enter the amount off'],
    ['more than 100%', { kind: 'percentage', percentOff: 101 }, 'Percentage off must be at most 100'],
    ['an amount in fractions of a cent', { kind: 'fixed', amountOffCents: 10.5 }, 'whole number of cents'],
    ['a negative minimum', { percentOff: 5, minOrderCents: -1 }, 'Minimum order cannot be negative'],
    ['a code with spaces', { code: 'TWO WORDS', percentOff: 5 }, 'A code is 3 to 32 letters'],
    ['an end before the start', { percentOff: 5, startsAt: hourFromNow(), endsAt: hourAgo() }, 'end must come after'],
    ['a date that is no date', { percentOff: 5, endsAt: 'next tuesday' }, 'End must be a date and time'],
    ['no uses at all', { percentOff: 5, maxUses: 0 }, 'Total uses must be at least 1'],
    ['more per customer than in total', { percentOff: 5, maxUses: 2, maxUsesPerCustomer: 3 }, 'cannot be more'],
    ['an unknown category', { percentOff: 5, category: 'shoes' }, 'Category must be one of'],
  ])('refuses %s with a 400 that says why, and makes nothing', async (_case, input, message) => {
    const code = uniqueCode();
    const res = await send('POST', '/api/discounts', admin, { code, kind: 'percentage', ...input });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toContain(message);
    expect(await t.db.select().from(discountCodes).where(eq(discountCodes.code, code))).toEqual([]);
  });

  it('refuses a code that exists already, whatever its case, with a 409', async () => {
    const first = await makeCode(t.app, admin);
    const res = await send('POST', '/api/discounts', admin, {
      code: first.code.toLowerCase(),
      kind: 'fixed',
      amountOffCents: 500,
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ message: DISCOUNT_MESSAGES.taken(first.code) });
  });

  it('edits a code; a code that became fixed loses its percentage; an unknown id is a 404', async () => {
    const code = await makeCode(t.app, admin, { kind: 'percentage', percentOff: 15 });
    const res = await send('PUT', `/api/discounts/${code._id}`, admin, {
      code: code.code,
      kind: 'fixed',
      percentOff: 15,
      amountOffCents: 1250,
      maxUses: 10,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      message: DISCOUNT_MESSAGES.updated,
      code: { kind: 'fixed', percentOff: null, amountOff: 12.5, maxUses: 10, description: '$12.50 off' },
    });
    const missing = await send('PUT', '/api/discounts/00000000-0000-4000-8000-000000000000', admin, {
      code: uniqueCode(),
      kind: 'fixed',
      amountOffCents: 100,
    });
    expect([missing.statusCode, missing.json()]).toEqual([404, { message: DISCOUNT_MESSAGES.notFound }]);
  });

  it('pauses and resumes a code; a paused code is refused at checkout and said to be paused', async () => {
    const code = await makeCode(t.app, admin);
    const paused = await send('PATCH', `/api/discounts/${code._id}/paused`, admin, { paused: true });
    expect(paused.json()).toMatchObject({
      message: DISCOUNT_MESSAGES.nowPaused,
      code: { paused: true, status: 'paused' },
    });

    const user = await createUser(t.db);
    const dress = await createProduct(t.db, { priceCents: 5000 });
    const refused = await checkoutWithCode(t.app, user, [{ _id: dress.id, quantity: 1 }], code.code);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ message: DISCOUNT_MESSAGES.paused(code.code), discountProblem: 'paused' });

    const resumed = await send('PATCH', `/api/discounts/${code._id}/paused`, admin, { paused: false });
    expect(resumed.json()).toMatchObject({ message: DISCOUNT_MESSAGES.nowResumed, code: { status: 'active' } });
    expect((await checkoutWithCode(t.app, user, [{ _id: dress.id, quantity: 1 }], code.code)).statusCode).toBe(200);
  });

  it('tells scheduled, expired and used-up codes apart in the list', async () => {
    const scheduled = await makeCode(t.app, admin, { startsAt: hourFromNow() });
    const expired = await makeCode(t.app, admin, {
      startsAt: new Date(Date.now() - 7_200_000).toISOString(),
      endsAt: hourAgo(),
    });
    const once = await makeCode(t.app, admin, { maxUses: 1 });
    await t.db.update(discountCodes).set({ uses: 1 }).where(eq(discountCodes.id, once._id));
    expect((await readCode(t.app, admin, scheduled._id)).status).toBe('scheduled');
    expect((await readCode(t.app, admin, expired._id)).status).toBe('expired');
    expect((await readCode(t.app, admin, once._id)).status).toBe('used_up');
  });

  it('writes an audit row for a creation and for each edit that changed something, pausing included', async () => {
    const code = await makeCode(t.app, admin, { kind: 'percentage', percentOff: 10 });
    const body = { code: code.code, kind: 'percentage', percentOff: 25, minOrderCents: 2000 };
    expect((await send('PUT', `/api/discounts/${code._id}`, admin, body)).statusCode).toBe(200);
    // The same values again change nothing: no row.
    expect((await send('PUT', `/api/discounts/${code._id}`, admin, body)).statusCode).toBe(200);
    await send('PATCH', `/api/discounts/${code._id}/paused`, admin, { paused: true });

    const rows = await auditOf(code._id);
    expect(rows.map((r) => r.kind)).toEqual([
      'discount_code.created',
      'discount_code.updated',
      'discount_code.updated',
    ]);
    expect(rows[0]).toMatchObject({
      actorId: admin.id,
      actorEmail: admin.email,
      targetType: 'discount_code',
      targetLabel: code.code,
      details: { description: '10% off', minOrderCents: 0, paused: false },
    });
    expect(rows[1]?.details).toEqual({
      changes: { percentOff: { before: 10, after: 25 }, minOrderCents: { before: 0, after: 2000 } },
    });
    expect(rows[2]?.details).toEqual({ changes: { paused: { before: false, after: true } } });

    // And the admin's audit page lists them under their kinds.
    const listed = await send('GET', '/api/audit-log?kind=discount_code.updated', admin);
    const entries = listed.json().entries as AuditEntry[];
    expect(entries.filter((e) => e.target.id === code._id)).toHaveLength(2);
  });

  it('will not lower the total uses below what is counted and held, and changes nothing then', async () => {
    const code = await makeCode(t.app, admin, { maxUses: 5 });
    await t.db.update(discountCodes).set({ uses: 2, held: 1 }).where(eq(discountCodes.id, code._id));
    const res = await send('PUT', `/api/discounts/${code._id}`, admin, {
      code: code.code,
      kind: 'percentage',
      percentOff: 10,
      maxUses: 2,
    });
    expect([res.statusCode, res.json()]).toEqual([409, { message: DISCOUNT_MESSAGES.belowCounted(3) }]);
    expect((await codeRow(code._id))?.maxUses).toBe(5);
    expect((await auditOf(code._id)).map((r) => r.kind)).toEqual(['discount_code.created']);
  });

  it('keeps every route of the owner admin-only and the check open to guests too', async () => {
    const customer = await createUser(t.db);
    const code = await makeCode(t.app, admin);
    for (const [method, url] of [
      ['GET', '/api/discounts'],
      ['POST', '/api/discounts'],
      ['GET', `/api/discounts/${code._id}`],
      ['PUT', `/api/discounts/${code._id}`],
      ['PATCH', `/api/discounts/${code._id}/paused`],
    ] as const) {
      expect((await send(method, url, undefined, {})).statusCode).toBe(401);
      expect((await send(method, url, customer, {})).json()).toEqual({ message: 'Only an admin can do that' });
    }
    // A guest's cart checks its code as a customer's does (an empty cart is refused as any bad input).
    expect((await checkCode(t.app, undefined, [], code.code)).statusCode).toBe(400);
    const product = await createProduct(t.db, { priceCents: 2000 });
    const guest = await checkCode(t.app, undefined, [{ _id: product.id, quantity: 1 }], code.code);
    expect([guest.statusCode, guest.json().code]).toEqual([200, code.code]);
  });
});
