// How search text becomes the words a product's search document is matched with.

/** More words than this in one search are left out: no shopper types a dozen, and each costs a lookup. */
export const SEARCH_WORDS_MAX = 8;

/**
 * The words of search text as the database's 'simple' configuration writes a document's words: lowercase,
 * split at anything that is not a letter or a digit. Repeated words count once.
 */
export function searchWordsOf(text: string): string[] {
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
  return [...new Set(words)].slice(0, SEARCH_WORDS_MAX);
}

/**
 * Letters to change to turn one word into the other, where a letter dropped, added or replaced, or two
 * neighbours swapped, is one change (the optimal string alignment distance). Stops counting past `most`.
 */
export function typoDistance(a: string, b: string, most: number): number {
  const x = [...a];
  const y = [...b];
  if (Math.abs(x.length - y.length) > most) return most + 1;
  let twoBack: number[] = [];
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    let rowLeast = i;
    for (let j = 1; j <= y.length; j++) {
      const cost = x[i - 1] === y[j - 1] ? 0 : 1;
      let best = Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, (previous[j - 1] ?? 0) + cost);
      if (i > 1 && j > 1 && x[i - 1] === y[j - 2] && x[i - 2] === y[j - 1]) {
        best = Math.min(best, (twoBack[j - 2] ?? 0) + 1);
      }
      current[j] = best;
      rowLeast = Math.min(rowLeast, best);
    }
    if (rowLeast > most) return most + 1;
    twoBack = previous;
    previous = current;
  }
  return Math.min(previous[y.length] ?? 0, most + 1);
}

/** A plural as the singular the catalogue writes ("dresses" finds "dress", "rings" finds "ring"). */
export function singularsOf(word: string): string[] {
  if (word.length < 4 || !word.endsWith('s') || word.endsWith('ss')) return [];
  const forms = [word.slice(0, -1)];
  if (/(ss|sh|ch|x|z)es$/.test(word)) forms.push(word.slice(0, -2));
  return forms;
}

/** One word of a search and the catalogue words it matches. */
export interface MatchedWord {
  word: string;
  /** The word itself and its singular: matches without a typo. */
  exact: string[];
  /** Whether the word also matches as the start of a longer word: the last word, still being typed. */
  prefix: boolean;
  /** Catalogue words within the word's allowance of typos. */
  typos: string[];
}

/** A lexeme written into a tsquery: quoted, so nothing in it is read as an operator. */
const lexeme = (word: string) => `'${word.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;

/** Where a word stands in a product's search document: name, colour, category, description. */
export const WEIGHTS = ['A', 'B', 'C', 'D'] as const;
export type Weight = (typeof WEIGHTS)[number];

const term = (word: string, prefix: boolean, weight: Weight | undefined) =>
  `${lexeme(word)}${prefix || weight ? ':' : ''}${prefix ? '*' : ''}${weight ?? ''}`;

/** A tsquery for any of the word's matches (exact ones only when `exactOnly`), standing at `weight` if given. */
export function matchQuery(match: MatchedWord, options: { exactOnly?: boolean; weight?: Weight } = {}): string {
  const words = [...match.exact, ...(options.exactOnly ? [] : match.typos)].map((w) => term(w, false, options.weight));
  if (match.prefix) words.push(term(match.word, true, options.weight));
  return words.join(' | ');
}

/** Every word must match somewhere: the search's condition. */
export const allWordsQuery = (matches: readonly MatchedWord[]): string =>
  matches.map((match) => `(${matchQuery(match)})`).join(' & ');
