import type { FastifyError, FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import { HttpError } from './http-error';

const CONTEXT_LABEL: Record<string, string> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'header',
};

/** Turns a schema validation failure into one readable sentence naming the field. */
function validationDetail(error: FastifyError & { validation: unknown[] }): string {
  const first = error.validation[0] as { instancePath?: string; message?: string } | undefined;
  const where = CONTEXT_LABEL[error.validationContext ?? 'body'] ?? 'request';
  const field = (first?.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.');
  const problem = first?.message ?? 'is invalid';
  return field === ''
    ? `Invalid ${where}: ${problem}`
    : `Invalid ${where} field '${field}': ${problem}`;
}

/** Every failure answers JSON {detail}; no stack traces, no SQL; unknown /api paths answer 404 JSON. */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).headers(error.headers).send({ detail: error.message });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send({ detail: validationDetail(error) });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.code(500).send({ detail: 'Internal server error' });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, 413, 415, proto poisoning) carry safe messages.
      if (status === 429)
        return reply.code(429).send({ detail: 'Too many requests; try again later' });
      return reply.code(status).send({ detail: error.message });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ detail: 'Internal server error' });
  });
}
