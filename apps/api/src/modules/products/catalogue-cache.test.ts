import { describe, expect, it } from 'vitest';
import { KeptText } from '../../platform/kept-text';
import { CatalogueCache, etagOf, textBytes } from './catalogue-cache';

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('CatalogueCache', () => {
  it('serialises the loaded value once and answers later gets from memory, saying which answer was read', async () => {
    const cache = new CatalogueCache({ maxEntries: 10, ttlMs: 1000 });
    let loads = 0;
    const load = async () => ({ n: ++loads });
    const first = await cache.get('k', load);
    const second = await cache.get('k', load);
    expect(first).toEqual({ body: '{"n":1}', etag: etagOf('{"n":1}'), read: true });
    expect(second).toMatchObject({ body: '{"n":1}', etag: etagOf('{"n":1}') });
    expect(second.read).toBeUndefined();
    expect(loads).toBe(1);
  });

  it('lets concurrent misses on one key share one load', async () => {
    const cache = new CatalogueCache({ maxEntries: 10, ttlMs: 1000 });
    const gate = deferred<string>();
    let loads = 0;
    const load = () => {
      loads++;
      return gate.promise;
    };
    const answers = Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]);
    gate.resolve('v');
    expect((await answers).map((a) => a.body)).toEqual(['"v"', '"v"', '"v"']);
    expect(loads).toBe(1);
  });

  it('reads a stale answer again in the background after half its time, and waits once it has expired', async () => {
    let now = 0;
    const cache = new CatalogueCache({ maxEntries: 10, ttlMs: 1000, now: () => now });
    const gate = deferred<string>();
    let loads = 0;
    await cache.get('k', async () => 'first');
    now = 499;
    expect((await cache.get('k', async () => 'unused')).body).toBe('"first"');
    now = 500;
    const slowLoad = () => {
      loads++;
      return gate.promise;
    };
    // The old answer at once, and only one read behind it however many ask.
    expect((await cache.get('k', slowLoad)).body).toBe('"first"');
    expect((await cache.get('k', slowLoad)).body).toBe('"first"');
    expect(loads).toBe(1);
    gate.resolve('second');
    await gate.promise;
    expect((await cache.get('k', async () => 'unused')).body).toBe('"second"');
    now = 1500;
    expect((await cache.get('k', async () => 'third')).body).toBe('"third"');
  });

  it('reads a fresh answer whatever is kept, joining no read begun before, and keeps it for the next', async () => {
    const cache = new CatalogueCache({ maxEntries: 10, ttlMs: 1000 });
    await cache.get('k', async () => 'kept');
    const earlier = deferred<string>();
    const behind = cache.get('k-other', () => earlier.promise);
    expect(await cache.get('k', async () => 'now', { fresh: true })).toMatchObject({ body: '"now"', read: true });
    expect(await cache.get('k', async () => 'unused')).toMatchObject({ body: '"now"' });

    // A read of the key begun before (it may predate a change made elsewhere) is not the answer.
    const before = deferred<string>();
    const stale = cache.get('k2', () => before.promise);
    const fresh = await cache.get('k2', async () => 'after', { fresh: true });
    expect(fresh.body).toBe('"after"');
    before.resolve('before');
    expect((await stale).body).toBe('"before"');
    earlier.resolve('other');
    await behind;
  });

  it('drops everything on invalidate', async () => {
    const cache = new CatalogueCache({ maxEntries: 10, ttlMs: 1000 });
    let loads = 0;
    await cache.get('a', async () => ++loads);
    await cache.get('b', async () => ++loads);
    cache.invalidate();
    expect(cache.size).toBe(0);
    expect((await cache.get('a', async () => ++loads)).body).toBe('3');
  });

  it('never stores an answer whose load began before a write dropped the cache', async () => {
    const cache = new CatalogueCache({ maxEntries: 10, ttlMs: 1000 });
    const before = deferred<string>();
    const waiting = cache.get('k', () => before.promise);
    cache.invalidate();
    // A request arriving after the write does not join the old read.
    const after = cache.get('k', async () => 'new');
    before.resolve('old');
    expect((await waiting).body).toBe('"old"');
    expect((await after).body).toBe('"new"');
    expect((await cache.get('k', async () => 'unused')).body).toBe('"new"');
  });

  it('drops only the answers that carry a dropped tag, those of the answers a load asked for included', async () => {
    const cache = new CatalogueCache({ maxEntries: 10, ttlMs: 1000 });
    const tagged = (...tags: string[]) => ({ tagsOf: () => tags });
    await cache.get('detail:a', async () => 'a', tagged('product:a'));
    await cache.get('detail:b', async () => 'b', tagged('product:b'));
    await cache.get('list', async () => ['a', 'b'], tagged('product:a', 'product:b'));
    // A page made from the answers it asked for carries their tags, kept or read.
    await cache.get('page:a', async () => {
      await cache.get('detail:a', async () => 'unused');
      return (await cache.get('related:a', async () => 'c', tagged('product:c'))).body;
    });
    cache.drop(['product:a']);
    expect(cache.size).toBe(2);
    expect((await cache.get('detail:b', async () => 'b2')).body).toBe('"b"');
    expect((await cache.get('related:a', async () => 'c2')).body).toBe('"c"');
    expect((await cache.get('detail:a', async () => 'a2')).read).toBe(true);
    expect((await cache.get('list', async () => 'list2')).body).toBe('"list2"');
    expect((await cache.get('page:a', async () => 'page2')).body).toBe('"page2"');
    cache.drop(['product:c']);
    expect((await cache.get('related:a', async () => 'c3')).body).toBe('"c3"');
  });

  it('keeps no answer read while a tag it shows was dropped, and lets no later request join that read', async () => {
    const cache = new CatalogueCache({ maxEntries: 10, ttlMs: 1000 });
    const before = deferred<string>();
    const waiting = cache.get('detail:a', () => before.promise, { tagsOf: () => ['product:a'] });
    const other = deferred<string>();
    const untouched = cache.get('detail:b', () => other.promise, { tagsOf: () => ['product:b'] });
    cache.drop(['product:a']);
    const after = cache.get('detail:a', async () => 'new', { tagsOf: () => ['product:a'] });
    before.resolve('old');
    other.resolve('b');
    expect([(await waiting).body, (await after).body, (await untouched).body]).toEqual(['"old"', '"new"', '"b"']);
    expect((await cache.get('detail:a', async () => 'unused')).body).toBe('"new"');
    expect((await cache.get('detail:b', async () => 'unused')).body).toBe('"b"');
  });

  it('does not keep a failed load', async () => {
    const cache = new CatalogueCache({ maxEntries: 10, ttlMs: 1000 });
    await expect(cache.get('k', async () => Promise.reject(new Error('not found')))).rejects.toThrow('not found');
    expect((await cache.get('k', async () => 'found')).body).toBe('"found"');
  });

  it('evicts the least recently used entry past its size', async () => {
    const cache = new CatalogueCache({ maxEntries: 2, ttlMs: 1000 });
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await cache.get('a', async () => 'unused');
    await cache.get('c', async () => 'c1');
    expect(cache.size).toBe(2);
    expect((await cache.get('a', async () => 'a2')).body).toBe('"a1"');
    expect((await cache.get('b', async () => 'b2')).body).toBe('"b2"');
  });

  describe('bounded by bytes', () => {
    const page = (letter: string) => new KeptText(letter.repeat(10_000));

    it('keeps no more than its bytes, however few its entries, dropping the least recently used first', async () => {
      const cache = new CatalogueCache({ maxEntries: 100, maxBytes: 35_000, ttlMs: 1000 });
      for (const key of ['a', 'b', 'c']) await cache.get(key, async () => page(key));
      await cache.get('a', async () => page('unused'));
      for (const key of ['d', 'e', 'f']) {
        await cache.get(key, async () => page(key));
        expect(cache.bytes).toBeLessThanOrEqual(35_000);
      }
      expect(cache.size).toBe(3);
      expect(cache.bytes).toBeGreaterThan(30_000);
      // b and c were older than a's last use; d, e and f came after it.
      expect((await cache.get('b', async () => page('B'))).read).toBe(true);
      expect((await cache.get('f', async () => page('F'))).body).toBe(page('f').text);
    });

    it('counts a text outside Latin-1 at two bytes a character, as it is held', async () => {
      expect(textBytes('robe noire, 120 €')).toBe(2 * 'robe noire, 120 €'.length);
      expect(textBytes('robe crème')).toBe('robe crème'.length);
      const cache = new CatalogueCache({ maxEntries: 100, maxBytes: 35_000, ttlMs: 1000 });
      await cache.get('wide', async () => new KeptText('€'.repeat(10_000)));
      expect(cache.bytes).toBeGreaterThan(20_000);
    });

    it('does not keep an answer larger than all its bytes, nor drop the others for it', async () => {
      const cache = new CatalogueCache({ maxEntries: 100, maxBytes: 35_000, ttlMs: 1000 });
      await cache.get('a', async () => page('a'));
      await cache.get('huge', async () => new KeptText('h'.repeat(40_000)));
      expect(cache.size).toBe(1);
      expect((await cache.get('huge', async () => new KeptText('again'))).body).toBe('again');
      expect((await cache.get('a', async () => page('unused'))).body).toBe(page('a').text);
    });

    it('gives the bytes back when it drops everything', async () => {
      const cache = new CatalogueCache({ maxEntries: 100, maxBytes: 35_000, ttlMs: 1000 });
      await cache.get('a', async () => page('a'));
      cache.invalidate();
      expect(cache.bytes).toBe(0);
    });
  });

  describe('while the database is unreachable', () => {
    class Outage extends Error {}
    const outage = () => Promise.reject(new Outage('database away'));
    const options = (clock: { now: number }) => ({
      maxEntries: 10,
      ttlMs: 1000,
      staleIfErrorMs: 5000,
      servesStaleOn: (err: unknown) => err instanceof Outage,
      now: () => clock.now,
    });

    it('keeps an answer whose background read fails, and sends it marked stale past its time, for a bounded time', async () => {
      const clock = { now: 0 };
      const cache = new CatalogueCache(options(clock));
      await cache.get('k', async () => 'kept');
      clock.now = 600;
      const fresh = await cache.get('k', outage);
      expect([fresh.body, fresh.stale]).toEqual(['"kept"', undefined]);
      await new Promise((resolve) => setTimeout(resolve, 0));
      clock.now = 1200;
      expect(await cache.get('k', outage)).toEqual({ body: '"kept"', etag: etagOf('"kept"'), stale: true });
      clock.now = 5900;
      expect((await cache.get('k', outage)).stale).toBe(true);
      clock.now = 6100;
      await expect(cache.get('k', outage)).rejects.toThrow('database away');
    });

    it('sends the stale answer without asking again for a moment after a failure', async () => {
      const clock = { now: 0 };
      const cache = new CatalogueCache(options(clock));
      await cache.get('k', async () => 'kept');
      clock.now = 2000;
      let asked = 0;
      const counted = () => {
        asked++;
        return outage();
      };
      await cache.get('k', counted);
      await cache.get('k', counted);
      clock.now = 3100;
      await cache.get('k', counted);
      expect(asked).toBe(2);
      clock.now = 4200;
      expect((await cache.get('k', async () => 'back')).body).toBe('"back"');
    });

    it('reads every answer again after expire, and sends the old one marked stale only if that read fails', async () => {
      const clock = { now: 0 };
      const cache = new CatalogueCache(options(clock));
      await cache.get('a', async () => 'a1');
      await cache.get('b', async () => 'b1');
      const before = deferred<string>();
      const waiting = cache.get('c', () => before.promise);
      clock.now = 100;
      cache.expire();
      expect(cache.size).toBe(2);
      expect((await cache.get('a', async () => 'a2')).body).toBe('"a2"');
      expect(await cache.get('b', outage)).toMatchObject({ body: '"b1"', stale: true });
      // A read begun before is not kept: what it read may be what was missed.
      before.resolve('c1');
      await waiting;
      expect((await cache.get('c', async () => 'c2')).body).toBe('"c2"');
      // Expiring again does not lengthen the time an old answer may be sent stale.
      clock.now = 5000;
      cache.expire();
      clock.now = 5200;
      await expect(cache.get('b', outage)).rejects.toThrow('database away');
    });

    it('serves nothing stale after a write, nor for a failure that is not an outage', async () => {
      const clock = { now: 0 };
      const cache = new CatalogueCache(options(clock));
      await cache.get('a', async () => 'a');
      await cache.get('b', async () => 'b');
      clock.now = 1500;
      await expect(cache.get('a', async () => Promise.reject(new Error('a bug')))).rejects.toThrow('a bug');
      cache.invalidate();
      await expect(cache.get('b', outage)).rejects.toThrow('database away');
    });
  });
});
