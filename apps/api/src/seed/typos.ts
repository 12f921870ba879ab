import { pick, type Rng } from './art/palette';

/**
 * Text as a shopper mistypes it: one word of five letters or more with one letter dropped, added,
 * replaced, or swapped with its neighbour. Text without such a word comes back as it is.
 */
export function mistypeOnce(text: string, rng: Rng): string {
  const words = text.split(' ');
  const long = words.flatMap((word, at) => ([...word].length >= 5 ? [at] : []));
  if (long.length === 0) return text;
  const index = pick(rng, long);
  const word = words[index] ?? '';
  const at = Math.floor(rng() * word.length);
  const letter = 'abcdefghijklmnopqrstuvwxyz'[Math.floor(rng() * 26)] ?? 'a';
  const other = word[at]?.toLowerCase() === letter ? 'q' : letter;
  const swapAt = Math.min(at, word.length - 2);
  const typos = [
    () => word.slice(0, at) + word.slice(at + 1),
    () => word.slice(0, at) + letter + word.slice(at),
    () => word.slice(0, at) + other + word.slice(at + 1),
    () => word.slice(0, swapAt) + (word[swapAt + 1] ?? '') + (word[swapAt] ?? '') + word.slice(swapAt + 2),
  ];
  let typed = pick(rng, typos)();
  // Two equal neighbours swapped are no typo: drop a letter instead.
  if (typed.toLowerCase() === word.toLowerCase()) typed = word.slice(1);
  words[index] = typed;
  return words.join(' ');
}
