import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError } from './errors.ts';

/** The one place errors become answers (DESIGN §4): client errors say what is wrong, server errors say nothing internal. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof HttpError) {
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.statusCode).send({ message: error.message, ...(error.errors && { errors: error.errors }) });
    }
    if (error.validation) {
      return reply.code(422).send({ message: error.message });
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(status).send({ message: error.message });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(status >= 500 && status < 600 ? status : 500).send({ message: 'Server Error' });
  });
}
