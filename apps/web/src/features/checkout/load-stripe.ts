/** Stripe.js must come from Stripe itself (their terms, and their fraud signals); never bundled. */
export const STRIPE_JS_URL = 'https://js.stripe.com/v3';

export interface StripeClient {
  /** Removed from recent Stripe.js releases; when absent the hosted page's URL is used instead. */
  redirectToCheckout?: (options: { sessionId: string }) => Promise<{ error?: { message?: string } }>;
}

type StripeFactory = (publishableKey: string) => StripeClient;

declare global {
  interface Window {
    Stripe?: StripeFactory;
  }
}

let loading: Promise<StripeFactory> | undefined;

function loadScript(): Promise<StripeFactory> {
  return new Promise((resolve, reject) => {
    if (window.Stripe) {
      resolve(window.Stripe);
      return;
    }
    const script = document.createElement('script');
    script.src = STRIPE_JS_URL;
    script.async = true;
    script.onload = () =>
      window.Stripe ? resolve(window.Stripe) : reject(new Error('Stripe.js loaded without Stripe'));
    script.onerror = () => reject(new Error(`Could not load ${STRIPE_JS_URL}`));
    document.head.append(script);
  });
}

export async function loadStripe(publishableKey: string): Promise<StripeClient> {
  loading ??= loadScript().catch((error: unknown) => {
    // A failed load may be a passing network problem: let the next attempt try again.
    loading = undefined;
    throw error;
  });
  const factory = await loading;
  return factory(publishableKey);
}
