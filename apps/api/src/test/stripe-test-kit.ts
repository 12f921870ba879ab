import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { type FakeStripeApi, startFakeStripeApi } from './fake-stripe/server';
import { createTestApp, type TestApp } from './test-app';

export const WEBHOOK_SECRET = 'whsec_test_shop';
const signer = new Stripe('sk_test_signer', { telemetry: false });

/** The shop on a fresh database, its Stripe provider pointed at a local fake of Stripe's API. */
export async function startStripeShop(): Promise<{ fake: FakeStripeApi; t: TestApp; close(): Promise<void> }> {
  const fake = await startFakeStripeApi();
  const t = await createTestApp({
    env: {
      PUBLIC_URL: 'https://shop.example',
      STRIPE_SECRET_KEY: 'sk_test_fake',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fake',
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: fake.url,
    },
  });
  return {
    fake,
    t,
    close: async () => {
      await t.close();
      await fake.close();
    },
  };
}

/** A Stripe event about `object`, as Stripe sends it to a webhook. */
export function stripeEventPayload(type: string, object: unknown): string {
  return JSON.stringify({
    id: `evt_${randomBytes(8).toString('hex')}`,
    object: 'event',
    api_version: '2025-01-27.acacia',
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
}

/** The Stripe-Signature header for `payload`, made offline by the SDK's own helper. */
export const signWebhook = (payload: string, options: { secret?: string; timestamp?: number } = {}) =>
  signer.webhooks.generateTestHeaderString({ payload, secret: options.secret ?? WEBHOOK_SECRET, ...options });

export function deliverWebhook(app: FastifyInstance, payload: string, signature: string | undefined) {
  return app.inject({
    method: 'POST',
    url: '/api/orders/webhook',
    headers: {
      'content-type': 'application/json; charset=utf-8',
      ...(signature ? { 'stripe-signature': signature } : {}),
    },
    payload,
  });
}
