import { apiPaths } from '@shop/contract/api-paths';

/**
 * Tells the shop a product went into a cart, for the owner's sales insight (the cart lives in the browser,
 * so the server sees no request of its own for it). It carries no cookie and nothing of the shopper, is
 * never waited for, and a failure is nobody's concern: the cart works the same without it.
 */
export function sendAddToCartBeacon(productId: string): void {
  if (typeof fetch !== 'function') return;
  try {
    fetch(apiPaths.activityBeacon, {
      method: 'POST',
      // Still sent when the shopper goes straight on to another page.
      keepalive: true,
      credentials: 'omit',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'add_to_cart', productId }),
    }).catch(() => {});
  } catch {
    // A browser that refuses the request outright (keepalive's quota spent, say): the cart goes on.
  }
}
