import { describe, expect, it } from 'vitest';
import { KeptProductJson } from './kept-product-json';

/** A read from the database that records what it was asked for. */
function database(json: (id: string) => string = (id) => `{"_id":"${id}"}`) {
  const asked: string[][] = [];
  return {
    asked,
    read: async (ids: string[]) => {
      asked.push(ids);
      return new Map(ids.filter((id) => id !== 'gone').map((id) => [id, json(id)]));
    },
  };
}

describe('kept product JSON', () => {
  it('reads only the products it does not keep, and answers in the order asked', async () => {
    const kept = new KeptProductJson();
    const db = database();
    expect(await kept.inOrder(['a', 'b'], db.read)).toBe('[{"_id":"a"},{"_id":"b"}]');
    expect(await kept.inOrder(['c', 'b', 'gone', 'a'], db.read)).toBe('[{"_id":"c"},{"_id":"b"},{"_id":"a"}]');
    expect(db.asked).toEqual([
      ['a', 'b'],
      ['c', 'gone'],
    ]);
    expect(await kept.inOrder([], db.read)).toBe('[]');
  });

  it('keeps at most its bytes, the products shown least lately going first', async () => {
    // Each product's JSON is 10 bytes: three fit.
    const kept = new KeptProductJson(30);
    const db = database((id) => `{"id":"${id}"}`.padEnd(10));
    await kept.inOrder(['a', 'b', 'c'], db.read);
    await kept.inOrder(['a'], db.read);
    await kept.inOrder(['d'], db.read);
    db.asked.length = 0;
    await kept.inOrder(['a', 'b', 'c', 'd'], db.read);
    expect(db.asked).toEqual([['b']]);
  });

  it('reads the pages asked for at once in one query, each page answered with its own products', async () => {
    const kept = new KeptProductJson();
    const db = database();
    const pages = await Promise.all([
      kept.inOrder(['a', 'b'], db.read),
      kept.inOrder(['b', 'c'], db.read),
      kept.inOrder(['d', 'gone'], db.read),
    ]);
    expect(pages).toEqual(['[{"_id":"a"},{"_id":"b"}]', '[{"_id":"b"},{"_id":"c"}]', '[{"_id":"d"}]']);
    expect(db.asked).toEqual([['a', 'b', 'c', 'd', 'gone']]);
    // The next pages asked for together read only the products nothing kept.
    db.asked.length = 0;
    await Promise.all([kept.inOrder(['e'], db.read), kept.inOrder(['a', 'f'], db.read)]);
    expect(db.asked).toEqual([['e', 'f']]);
  });

  it('drops products whose stock moved, and keeps nothing read while stock moved', async () => {
    const kept = new KeptProductJson();
    let stock = 3;
    const db = database((id) => `{"_id":"${id}","stock":${stock}}`);
    await kept.inOrder(['a', 'b'], db.read);
    stock = 2;
    kept.drop(['a']);
    expect(await kept.inOrder(['a', 'b'], db.read)).toBe('[{"_id":"a","stock":2},{"_id":"b","stock":3}]');

    // The read began before the move and ends after it: it is sent, but read again next time.
    let moveDuringRead = () => {};
    const slow = async (ids: string[]) => {
      const answer = await db.read(ids);
      moveDuringRead();
      return answer;
    };
    moveDuringRead = () => kept.drop(['c']);
    await kept.inOrder(['c'], slow);
    db.asked.length = 0;
    await kept.inOrder(['c'], db.read);
    expect(db.asked).toEqual([['c']]);
  });
});
