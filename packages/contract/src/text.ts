import { z } from 'zod';

/**
 * The one rule for text a client sends: PostgreSQL stores neither a NUL character nor half of a
 * surrogate pair (a JSON `\ud800` alone), in text or in JSON, so such text is refused as the client's
 * mistake before it reaches the database.
 */
const HALF_SURROGATE_PAIR = /[\ud800-\udbff](?![\udc00-\udfff])|(?:^|[^\ud800-\udbff])[\udc00-\udfff]/;

export const UNSTORABLE_TEXT_MESSAGE = 'Text with a NUL character or half of a surrogate pair cannot be stored';

/** The same refusal for a field named by its label, as a form shows it beside the field. */
export const unstorableTextMessage = (what: string) =>
  `${what} has a character that cannot be stored (a NUL or half of a surrogate pair)`;

export const isStorableText = (text: string): boolean => !text.includes('\u0000') && !HALF_SURROGATE_PAIR.test(text);

/** Where the first string that cannot be stored is in `value` (a string, or one at any depth of arrays and objects). */
export function unstorableTextPath(value: unknown, path: (string | number)[] = []): (string | number)[] | undefined {
  if (typeof value === 'string') return isStorableText(value) ? undefined : path;
  if (Array.isArray(value)) {
    for (const [index, item] of value.entries()) {
      const found = unstorableTextPath(item, [...path, index]);
      if (found) return found;
    }
  } else if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      const found = unstorableTextPath(item, [...path, key]);
      if (found) return found;
    }
  }
  return undefined;
}

/**
 * Any part of a request (its body, query string or path parameters) whose strings can all be stored:
 * the API puts it before each route's own schema, so every text field of every request keeps the rule
 * and its 400 names the field.
 */
export const storableRequestSchema = z.unknown().superRefine((value, ctx) => {
  const path = unstorableTextPath(value);
  if (path) ctx.addIssue({ code: 'custom', path, message: UNSTORABLE_TEXT_MESSAGE });
});

/** `schema`, refusing first any request whose text cannot be stored. */
export const withStorableText = <T extends z.ZodType>(schema: T) => storableRequestSchema.pipe(schema);
