import { eq } from 'drizzle-orm';
import { orders } from '../db/schema';
import { openSession } from './checkout-test-kit';
import { createProduct, type TestUser } from './factories';
import type { FakeStripeApi } from './fake-stripe/server';
import { deliverWebhook, signWebhook, startStripeShop, stripeEventPayload } from './stripe-test-kit';
import type { TestApp } from './test-app';

/**
 * The shop with its Stripe provider pointed at a local fake of Stripe's API, one per test file: a file
 * starts it with `beforeAll(startStripeCheckoutShop)` and stops it with `afterAll(stopStripeCheckoutShop)`,
 * and the bindings below hold it between.
 */
export let fake: FakeStripeApi;
export let t: TestApp;
let shop: Awaited<ReturnType<typeof startStripeShop>>;

export async function startStripeCheckoutShop() {
  shop = await startStripeShop();
  ({ fake, t } = shop);
}

export const stopStripeCheckoutShop = () => shop.close();

export const eventPayload = (type: string, object: Record<string, unknown>) =>
  stripeEventPayload(type, { object: 'checkout.session', ...object });
export const deliver = (payload: string, signature: string | undefined) => deliverWebhook(t.app, payload, signature);
export const sign = signWebhook;

export const ordersOf = (sessionId: string) =>
  t.db.select().from(orders).where(eq(orders.checkoutSessionId, sessionId));

export async function stripeSession(user: TestUser, priceCents = 5000) {
  const product = await createProduct(t.db, { priceCents });
  return openSession(t.app, user, [{ _id: product.id, quantity: 1 }]);
}
