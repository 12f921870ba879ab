import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError } from './errors';

interface ValidationIssue {
  instancePath?: string;
  message?: string;
  params?: { issue?: { path?: PropertyKey[]; message?: string } };
}

function describeValidation(context: string | undefined, issues: ValidationIssue[]): string {
  const first = issues[0];
  const path =
    first?.params?.issue?.path?.map(String).join('.') || first?.instancePath?.replace(/^\//, '').replace(/\//g, '.');
  const message = first?.params?.issue?.message ?? first?.message ?? 'is invalid';
  const where = [context === 'body' ? undefined : context, path].filter(Boolean).join(' ');
  return where ? `Invalid ${where}: ${message}` : message;
}

/** Maps every error to a status and `{ message }`; anything unexpected is a logged 500. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send({ message: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply
        .status(400)
        .send({ message: describeValidation(error.validationContext, error.validation as never) });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause?.issues }, 'response did not match its schema');
      return reply.status(500).send({ message: 'Something went wrong. Please try again later.' });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      if (status === 429) {
        // @fastify/rate-limit sets Retry-After itself.
        return reply.status(429).send({ message: error.message || 'Too many requests. Please try again later.' });
      }
      const message =
        error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
          ? 'The request body is too large'
          : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
            ? 'Unsupported content type: send JSON'
            : error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
              ? 'The request body is empty'
              : error.message || 'Bad request';
      return reply.status(status).send({ message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong. Please try again later.' });
  });
}
