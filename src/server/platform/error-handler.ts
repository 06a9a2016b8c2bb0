import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from './database-errors.ts';
import { HttpError } from './errors.ts';
import { validationAnswer } from './validation.ts';

export const SERVICE_UNAVAILABLE_MESSAGE = 'Service temporarily unavailable. Please try again.';
/** A restart or failover of the database usually takes seconds; the pool reconnects on the next request. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

/** The one place errors become answers (docs/design.md §4): client errors say what is wrong, server errors say nothing internal. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((thrown: FastifyError | HttpError, request, reply) => {
    // A request a route's schema refused: the same 422 with field errors as any other bad input.
    const error = hasZodFastifySchemaValidationErrors(thrown) ? validationAnswer(thrown.validation) : thrown;
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      // A 429 repeats its Retry-After in the body, for clients that read only the JSON (the code dialog's countdown).
      const retryAfter = error.statusCode === 429 ? error.headers?.['retry-after'] : undefined;
      return reply.code(error.statusCode).send({
        message: error.message,
        ...(error.errors && { errors: error.errors }),
        ...(retryAfter !== undefined && { retry_after: Number(retryAfter) }),
      });
    }
    if (error.validation) {
      return reply.code(422).send({ message: error.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: error.message });
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply.code(503).header('retry-after', DATABASE_RETRY_AFTER_SECONDS).send({ message: SERVICE_UNAVAILABLE_MESSAGE });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(status >= 500 && status < 600 ? status : 500).send({ message: 'Server Error' });
  });
}
