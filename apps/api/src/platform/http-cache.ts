import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Sends JSON text that is already serialised, with a validator. Catalogue reads may be stored by
 * any cache but must be revalidated every time (`no-cache`): an admin's edit shows at once, and an
 * unchanged answer costs a 304 without a body. An admin's answers are `private`: only the browser keeps them.
 */
export function sendCachedJson(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: { body: string; etag: string; stale?: true; read?: true },
  visibility: 'public' | 'private' = 'public',
): FastifyReply {
  reply.header('ETag', answer.etag).header('Cache-Control', `${visibility}, no-cache`);
  // Whether the database was asked: how an operator (and the bench) sees what share of reads the cache takes.
  reply.header('X-Cache', answer.read ? 'miss' : 'hit');
  // RFC 9111 dropped the header, but its warn-code 110 is still how a cache says "older than I should send".
  if (answer.stale) reply.header('Warning', '110 - "Response is Stale"');
  const given = request.headers['if-none-match'];
  if (given?.split(',').some((tag) => tag.trim() === answer.etag)) return reply.code(304).send();
  // A string with a JSON content type is sent as it is, without serialising again.
  return reply.type('application/json; charset=utf-8').send(answer.body);
}
