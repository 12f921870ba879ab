import { count } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { checkoutSessions } from '../../db/schema';
import { checkout } from '../../test/checkout-test-kit';
import { createProduct, createUser } from '../../test/factories';
import { createTestApp } from '../../test/test-app';
import type { PaymentProvider } from '../payments/payment-provider';

/** A payment provider that cannot open a session, and the limit on checkouts: each on a shop of its own. */
describe('payment provider failures and limits', () => {
  it('answers 503 and records nothing when the provider cannot open a session', async () => {
    const failing: PaymentProvider = {
      kind: 'builtin',
      createCheckoutSession: () => Promise.reject(new Error('connection refused')),
      retrieveSession: () => Promise.resolve(null),
      expireSession: () => Promise.resolve('expired'),
      refund: () => Promise.reject(new Error('connection refused')),
      parseWebhook: () => ({ type: 'ignored', providerType: 'none' }),
    };
    const other = await createTestApp({ overrides: { paymentProvider: failing } });
    try {
      const product = await createProduct(other.db);
      const user = await createUser(other.db);
      const res = await checkout(other.app, user, [{ _id: product.id, quantity: 1 }]);
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({ message: 'The payment could not be started. Please try again in a moment.' });
      expect((await other.db.select({ n: count() }).from(checkoutSessions))[0]?.n).toBe(0);
    } finally {
      await other.close();
    }
  });

  it('limits checkouts per customer per minute', async () => {
    const limited = await createTestApp({ env: { CHECKOUTS_PER_USER_PER_MINUTE: '2' } });
    try {
      const product = await createProduct(limited.db);
      const user = await createUser(limited.db);
      const cart = [{ _id: product.id, quantity: 1 }];
      expect((await checkout(limited.app, user, cart)).statusCode).toBe(200);
      expect((await checkout(limited.app, user, cart)).statusCode).toBe(200);
      const third = await checkout(limited.app, user, cart);
      expect(third.statusCode).toBe(429);
      expect(third.json()).toEqual({ message: 'Too many checkouts. Please try again in 1 minute.' });
      expect(Number(third.headers['retry-after'])).toBeGreaterThan(0);
      const otherUser = await createUser(limited.db);
      expect((await checkout(limited.app, otherUser, cart)).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});
