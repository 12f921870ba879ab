import { randomUUID } from 'node:crypto';
import { apiPaths } from '@shop/contract/api-paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { confirm, openSession, submitCard } from '../../test/checkout-test-kit';
import { admin, catalogue, figures, shopper, startInsightShop, stopInsightShop, t } from '../../test/insight-test-kit';

/** The funnel and the failed searches, counted from requests the test makes, and the add-to-cart beacon's limits. */
beforeAll(startInsightShop, 60_000);
afterAll(stopInsightShop);

describe('the funnel and failed searches, counted from the shop’s own requests', () => {
  it('counts product views, add-to-carts, checkouts started and orders paid as the test made them', async () => {
    const before = (await figures()).funnel;
    const get = (url: string, remoteAddress: string, headers: Record<string, string> = {}) =>
      t.app.inject({ method: 'GET', url, remoteAddress, headers });
    const [a, b, c] = catalogue;
    if (!a || !b || !c) throw new Error('no catalogue');
    // Counted: three products answered to one address (its repeats are not), and a browser elsewhere
    // asking again for one it shows (304).
    const first = await get(apiPaths.product(a.id), '127.0.1.1');
    for (const p of [b, c, a, b]) expect((await get(apiPaths.product(p.id), '127.0.1.1')).statusCode).toBe(200);
    const again = await get(apiPaths.product(a.id), '127.0.1.2', { 'if-none-match': String(first.headers.etag) });
    expect(again.statusCode).toBe(304);
    // Not counted, each from an address of its own: the admin, a search engine, the server rendering a
    // page, an unknown product, a HEAD.
    await get(apiPaths.product(a.id), '127.0.1.3', admin.headers);
    await get(apiPaths.product(a.id), '127.0.1.4', { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1)' });
    await get(apiPaths.product(a.id), '127.0.1.5', { 'x-shop-in-process': '1' });
    expect((await get(apiPaths.product(randomUUID()), '127.0.1.6')).statusCode).toBe(404);
    await t.app.inject({ method: 'HEAD', url: apiPaths.product(a.id), remoteAddress: '127.0.1.7' });

    const beacon = (productId: string, remoteAddress = '127.0.0.5') =>
      t.app.inject({
        method: 'POST',
        url: '/api/insight/events',
        remoteAddress,
        payload: { kind: 'add_to_cart', productId },
      });
    // Three products from one address, one again (not counted), one of them from another address.
    for (const p of [a, b, c, a]) expect((await beacon(p.id)).statusCode).toBe(202);
    expect((await beacon(a.id, '127.0.0.6')).statusCode).toBe(202);
    expect((await beacon(randomUUID(), '127.0.0.6')).statusCode).toBe(404);

    // Two checkout sessions opened (one paid), one refused: an empty cart.
    const { id } = await openSession(t.app, shopper, [{ _id: a.id, quantity: 1 }]);
    await openSession(t.app, shopper, [{ _id: b.id, quantity: 1 }]);
    const refused = await t.app.inject({
      method: 'POST',
      url: apiPaths.createCheckoutSession,
      headers: shopper.headers,
      payload: { product: [] },
    });
    expect(refused.statusCode).toBe(400);
    expect((await submitCard(t.app, id)).statusCode).toBe(303);
    expect((await confirm(t.app, shopper, id)).statusCode).toBe(200);

    const after = (await figures()).funnel;
    expect(after).toEqual({
      productViews: before.productViews + 4,
      addToCarts: before.addToCarts + 4,
      checkoutsStarted: before.checkoutsStarted + 2,
      ordersPaid: before.ordersPaid + 1,
    });
  });

  it('counts one view of a product per address however often that address asks for it', async () => {
    const product = catalogue[4];
    if (!product) throw new Error('no catalogue');
    const view = (remoteAddress: string) =>
      t.app.inject({ method: 'GET', url: apiPaths.product(product.id), remoteAddress });
    const before = (await figures()).funnel.productViews;
    for (let i = 0; i < 60; i++) expect((await view('127.0.2.1')).statusCode).toBe(200);
    expect((await figures()).funnel.productViews).toBe(before + 1);
    expect((await view('127.0.2.2')).statusCode).toBe(200);
    expect((await figures()).funnel.productViews).toBe(before + 2);
  });

  it('counts a search that found nothing under its normalised term, and nothing of one that found something', async () => {
    const search = (q: string, extra = '') =>
      t.app.inject({ method: 'GET', url: `${apiPaths.products}?q=${encodeURIComponent(q)}${extra}` });
    for (const q of ['Zzqx Gown', '  zzqx   GOWN ', 'ｚｚｑｘ gown']) {
      const res = await search(q);
      expect(res.json().totalProducts).toBe(0);
    }
    await search('velvet zzqx');
    // Too far from any word to match, near enough for a hint: still a search that found nothing.
    const hinted = (await search('prodxxct')).json();
    expect(hinted).toMatchObject({ totalProducts: 0, didYouMean: 'product' });
    await search('Insight product');
    await search('zzqx gown', '&page=2');
    await search('ada@example.test');
    await search('07700 900123');
    const s = await figures();
    expect(s.failedSearches).toEqual([
      { term: 'zzqx gown', count: 3 },
      { term: 'prodxxct', count: 1 },
      { term: 'velvet zzqx', count: 1 },
    ]);
  });

  it('refuses a beacon that is not one, and limits each address', async () => {
    const product = catalogue[5]?.id ?? '';
    const post = (payload: unknown, remoteAddress = '127.0.0.7') =>
      t.app.inject({ method: 'POST', url: '/api/insight/events', remoteAddress, payload: payload as object });
    for (const bad of [{}, { kind: 'view', productId: product }, { kind: 'add_to_cart', productId: 'x' }]) {
      const res = await post(bad);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toEqual(expect.any(String));
    }
    const extra = await post({ kind: 'add_to_cart', productId: product, count: 1000 });
    expect(extra.statusCode).toBe(400);
    const huge = await post({ kind: 'add_to_cart', productId: product, padding: 'x'.repeat(5000) });
    expect(huge.statusCode).toBe(413);
    const before = (await figures()).funnel.addToCarts;
    // Six a minute from one address, then 429 with when to try again.
    const answers: number[] = [];
    for (const p of catalogue.slice(0, 6))
      answers.push((await post({ kind: 'add_to_cart', productId: p.id }, '127.0.0.8')).statusCode);
    const over = await post({ kind: 'add_to_cart', productId: catalogue[7]?.id }, '127.0.0.8');
    expect(answers).toEqual([202, 202, 202, 202, 202, 202]);
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
    expect(over.json().message).toMatch(/Too many add-to-cart signals/);
    expect((await figures()).funnel.addToCarts).toBe(before + 6);
  });
});
