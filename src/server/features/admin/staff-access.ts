import type { FastifyRequest } from 'fastify';
import { authenticate, currentUser } from '../../platform/auth.ts';
import { NOT_ALLOWED_MESSAGE as NOT_ALLOWED } from '../../platform/console-access.ts';
import { forbidden } from '../../platform/errors.ts';

/** preHandler of the operations API: a signed-in admin or seller; no token is a 401, a shopper's a 403. */
export async function authenticateStaff(request: FastifyRequest) {
  await authenticate(request);
  if (currentUser(request).role === 'customer') throw forbidden(NOT_ALLOWED);
}

/** preHandler for what only the store's admin may do (a seller gets a 403). */
export async function requireAdmin(request: FastifyRequest) {
  if (currentUser(request).role !== 'admin') throw forbidden(NOT_ALLOWED);
}
