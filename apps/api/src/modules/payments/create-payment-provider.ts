import type { Database } from '../../db/client';
import type { AppConfig } from '../../platform/config';
import { createBuiltinProvider } from './builtin-provider';
import type { PaymentProvider } from './payment-provider';
import { createStripeProvider } from './stripe-provider';

/** Stripe when STRIPE_SECRET_KEY is set, else the builtin test-mode checkout. */
export function createPaymentProvider(config: AppConfig, db: Database): PaymentProvider {
  return config.stripe
    ? createStripeProvider(config.stripe, config.publicUrl)
    : createBuiltinProvider(db, config.publicUrl);
}
