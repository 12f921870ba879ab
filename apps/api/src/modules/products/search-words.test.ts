import { describe, expect, it } from 'vitest';
import { allWordsQuery, searchWordsOf, singularsOf, typoDistance } from './search-words';

describe('search words', () => {
  it('are the lowercase words of the text, each once, at most eight', () => {
    expect(searchWordsOf("  Women's  SILK-dress silk ")).toEqual(['women', 's', 'silk', 'dress']);
    expect(searchWordsOf('%_\'"')).toEqual([]);
    expect(searchWordsOf('a b c d e f g h i j')).toHaveLength(8);
    expect(searchWordsOf('Crème Brûlée')).toEqual(['crème', 'brûlée']);
  });

  it.each([
    ['dress', 'dress', 0],
    ['dress', 'dres', 1],
    ['dress', 'dresss', 1],
    ['dress', 'drsss', 1],
    ['dress', 'rdess', 1],
    ['dress', 'derss', 1],
    ['dress', 'sserd', 2],
    ['velvet', 'vlevte', 2],
    ['dress', 'xxxxxxxxx', 2],
  ])('count a dropped, added, replaced or swapped letter as one: %s / %s', (a, b, distance) => {
    expect(typoDistance(a, b, 1)).toBe(distance);
    expect(typoDistance(b, a, 1)).toBe(distance);
  });

  it('read plurals as the singular the catalogue writes', () => {
    expect(singularsOf('dresses')).toEqual(['dresse', 'dress']);
    expect(singularsOf('rings')).toEqual(['ring']);
    expect(singularsOf('dress')).toEqual([]);
    expect(singularsOf('bus')).toEqual([]);
  });

  it('quote every word in the query, so none is read as an operator', () => {
    const query = allWordsQuery([{ word: "it's", exact: ["it's", 'a\\b'], prefix: true, typos: ['x&y'] }]);
    expect(query).toBe("('it''s' | 'a\\\\b' | 'x&y' | 'it''s':*)");
  });
});
