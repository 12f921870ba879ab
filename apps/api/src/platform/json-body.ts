import type { FastifyInstance } from 'fastify';
import secureJson from 'secure-json-parse';
import { AppError, invalid } from './errors';

/** What secure-json-parse says of a `__proto__` or `constructor.prototype` key. */
const POISONED = /forbidden prototype property/;

export const JSON_BODY_MESSAGES = {
  empty: 'The request body is empty',
  invalid: 'The request body is not valid JSON',
  prototypeKey: 'The request body may not have a "__proto__" or "constructor.prototype" key',
  contentType: 'Send the request body as JSON, with Content-Type: application/json',
} as const;

/**
 * Bodies are JSON and only JSON: the shop's own parser, so a body with a prototype key gets a message of
 * its own instead of "not valid JSON", and no text/plain parser, so JSON sent as text gets the same 415 as
 * any other content type (the hosted checkout's form parser lives in its own plugin).
 */
export function registerJsonBodies(app: FastifyInstance): void {
  app.removeContentTypeParser(['application/json', 'text/plain']);
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.length === 0) return done(invalid(JSON_BODY_MESSAGES.empty), undefined);
    try {
      done(null, secureJson.parse(text, undefined, { protoAction: 'error', constructorAction: 'error' }));
    } catch (err) {
      const poisoned = err instanceof Error && POISONED.test(err.message);
      done(new AppError('invalid', poisoned ? JSON_BODY_MESSAGES.prototypeKey : JSON_BODY_MESSAGES.invalid), undefined);
    }
  });
}
