import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerToken } from './auth.ts';
import { forbidden } from './errors.ts';

export const CROSS_SITE_REFUSED = 'Cross-site request refused.';

const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Whether the browser says the request comes from another site. A request that names no origin at
 * all (curl, an app) is not a browser's cross-site request: browsers send `Origin` on every
 * cross-origin write (decision 017).
 */
function isCrossSite(request: FastifyRequest): boolean {
  const site = request.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') return true;
  const origin = request.headers.origin;
  if (origin === undefined) return false;
  // The request's own origin also counts: a store reached on a LAN address or through the dev proxy.
  const ownOrigins = [new URL(request.server.config.publicUrl).origin, `${request.protocol}://${request.host}`];
  return !ownOrigins.includes(origin);
}

/**
 * Writes that a cookie may authenticate (any cookie: the session's, a guest cart's) are refused when
 * they come from another site; a bearer token is never sent by a browser on its own, so its calls pass.
 */
export function refuseCrossSiteWrites(api: FastifyInstance) {
  api.addHook('onRequest', async (request) => {
    if (!UNSAFE_METHODS.has(request.method) || !request.headers.cookie || bearerToken(request)) return;
    if (isCrossSite(request)) throw forbidden(CROSS_SITE_REFUSED);
  });
}
