import type { FastifyRequest } from 'fastify';
import { notFound } from './errors.ts';

/** A positive database id from a path segment (`recordIdParamsSchema`); anything else names no record. */
export function recordId(request: FastifyRequest, notFoundMessage: string, param = 'id'): number {
  const raw = (request.params as Record<string, string | undefined>)[param] ?? '';
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : NaN;
  if (!(id > 0 && id <= 2_147_483_647)) throw notFound(notFoundMessage);
  return id;
}
