import { createTestApp, type TestApp } from './test-app';

/**
 * The shop the builtin checkout's tests buy from, one per test file: a file starts it with
 * `beforeAll(startCheckoutShop)` and stops it with `afterAll(stopCheckoutShop)`, and `t` holds it between.
 */
export let t: TestApp;

export async function startCheckoutShop() {
  t = await createTestApp();
}

export const stopCheckoutShop = () => t.close();
