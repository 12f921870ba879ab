import { SEARCH_TERM_MAX_LENGTH } from '@shop/contract/insight';

/** What could name a person is not counted: an e-mail address, or a run of digits like a phone or card number. */
const PERSONAL = /@|\d{6,}/;

/**
 * A search as it is counted: the same words however they were typed (width, case, spacing), cut to
 * SEARCH_TERM_MAX_LENGTH characters; null when there is nothing to count or it may be personal data.
 */
export function normaliseSearchTerm(raw: string): string | null {
  const term = raw.normalize('NFKC').toLowerCase().replace(/\p{C}/gu, ' ').replace(/\s+/g, ' ').trim();
  if (!term || PERSONAL.test(term.replace(/[\s().+-]/g, ''))) return null;
  // Cut by characters as PostgreSQL counts them (code points), never inside a surrogate pair.
  return [...term].slice(0, SEARCH_TERM_MAX_LENGTH).join('').trim();
}
