import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { AppError, databaseUnavailable, isDatabaseUnavailable } from './errors';
import { JSON_BODY_MESSAGES } from './json-body';

/** Fastify's own 4xx errors, in the shop's words. */
const FRAMEWORK_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: JSON_BODY_MESSAGES.contentType,
  FST_ERR_CTP_EMPTY_JSON_BODY: JSON_BODY_MESSAGES.empty,
  FST_ERR_CTP_INVALID_JSON_BODY: JSON_BODY_MESSAGES.invalid,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The request body is shorter or longer than its Content-Length',
};

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

/**
 * Maps every error to a status and `{ message }`: a database that does not answer in time is a 503 with
 * Retry-After, anything else unexpected a logged 500.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((raised: FastifyError | AppError, request, reply) => {
    let error = raised;
    if (!(error instanceof AppError) && isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'the database did not answer in time');
      error = databaseUnavailable(error);
    }
    if (error instanceof AppError) {
      if (error.retryAfterSeconds !== undefined) reply.header('Retry-After', String(error.retryAfterSeconds));
      return reply.status(error.statusCode).send({ ...error.body, message: error.message });
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
      return reply.status(status).send({ message: FRAMEWORK_MESSAGES[error.code] ?? (error.message || 'Bad request') });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ message: 'Something went wrong. Please try again later.' });
  });
}
