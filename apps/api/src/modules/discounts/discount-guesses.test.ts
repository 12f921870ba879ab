import { apiPaths } from '@shop/contract/api-paths';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { discountCodeHolds } from '../../db/schema';
import { makeCode, uniqueCode } from '../../test/discount-test-kit';
import { createAdmin, createProduct, createUser, type TestUser } from '../../test/factories';
import { createTestApp, type TestApp } from '../../test/test-app';

/** Unknown discount codes one address may try a minute in this file. */
const GUESSES = 5;

let t: TestApp;
let cart: { _id: string; quantity: number }[];
beforeAll(async () => {
  t = await createTestApp({ env: { DISCOUNT_GUESSES_PER_IP_PER_MINUTE: String(GUESSES) } });
  cart = [{ _id: (await createProduct(t.db)).id, quantity: 1 }];
});
afterAll(() => t.close());

const check = (user: TestUser, code: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: apiPaths.checkDiscountCode,
    headers: user.headers,
    remoteAddress,
    payload: { product: cart, code },
  });

const checkoutFrom = (user: TestUser, discountCode: string, remoteAddress: string) =>
  t.app.inject({
    method: 'POST',
    url: apiPaths.createCheckoutSession,
    headers: user.headers,
    remoteAddress,
    payload: { product: cart, discountCode },
  });

describe('guessing discount codes', () => {
  it('shares one budget of unknown codes among every account of an address, checks and checkouts alike', async () => {
    const address = '10.31.3.1';
    const [first, second, third] = await Promise.all([createUser(t.db), createUser(t.db), createUser(t.db)]);
    if (!first || !second || !third) throw new Error('no users');
    const real = await makeCode(t.app, await createAdmin(t.db));

    // Five unknown codes from three fresh accounts; a real code between them is not a guess.
    const answers: number[] = [];
    for (const user of [first, first, second])
      answers.push((await check(user, uniqueCode('GUESS'), address)).statusCode);
    answers.push((await check(second, real.code, address)).statusCode);
    answers.push((await checkoutFrom(second, uniqueCode('GUESS'), address)).statusCode);
    answers.push((await check(third, uniqueCode('GUESS'), address)).statusCode);
    expect(answers).toEqual([404, 404, 404, 200, 404, 404]);

    // The sixth, from any account of that address and by either route, is refused before it is looked up.
    const fresh = await createUser(t.db);
    const refused = await check(fresh, uniqueCode('GUESS'), address);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBeDefined();
    expect(refused.json()).toEqual({
      message: 'Too many unknown discount codes from this address. Please try again in 1 minute.',
    });
    const atCheckout = await checkoutFrom(fresh, real.code, address);
    expect(atCheckout.statusCode).toBe(429);
    expect(atCheckout.json().message).toMatch(/Too many unknown discount codes/);
    expect(await t.db.select().from(discountCodeHolds).where(eq(discountCodeHolds.codeId, real._id))).toEqual([]);

    // Another address is not held up by it, with the same accounts.
    expect((await check(first, uniqueCode('GUESS'), '10.31.3.2')).statusCode).toBe(404);
    expect((await check(fresh, real.code, '10.31.3.2')).statusCode).toBe(200);
  });
});
