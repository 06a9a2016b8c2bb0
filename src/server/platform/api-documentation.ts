import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, RouteOptions } from 'fastify';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { errorAnswerSchema } from '../../shared/api-answers.ts';

export const OPENAPI_PATH = '/api/openapi.json';
export const DOCS_PATH = '/api/docs';

/** Names of the security schemes in the document. */
const BEARER = 'bearerAuth';
const SESSION_COOKIE = 'sessionCookie';

/** `security` of a route that needs a signed-in shopper (or staff): a bearer token or the web's session cookie (decision 017). */
export const SIGNED_IN: Array<Record<string, string[]>> = [{ [BEARER]: [] }, { [SESSION_COOKIE]: [] }];
/** `security` of a route that answers anyone and more for a signed-in shopper (favourite flags, a guest's cart). */
export const SIGNED_IN_OR_NOT: Array<Record<string, string[]>> = [{}, ...SIGNED_IN];

const DESCRIPTION = `The store's HTTP API: the storefront, the console and mobile apps call it.

Answers are \`{ "message", "data" }\`; errors are \`{ "message", "errors"? }\` with field errors on 422
(the first message of a field is the one to show), and \`retry_after\` on 429. Money is in decimals with
two places in the store's default currency. \`Accept-Language\` (en, ar, ir) picks the language of messages
and of store content.

**Sessions.** Apps sign in with \`POST /api/login\` (or registration, or a provider's token) and send
\`Authorization: Bearer <token>\`. The web storefront sends \`X-Session: cookie\` on sign-in and then
proves its session with the httpOnly \`session\` cookie (\`__Host-session\` over https). A write
(POST/PUT/PATCH/DELETE) that carries a cookie and no bearer header is refused with 403 when the browser
says it comes from another site (\`Sec-Fetch-Site: cross-site|same-site\`, or an \`Origin\` that is not the store's).`;

/**
 * `GET /api/openapi.json` (OpenAPI 3.1, built from every route's zod schemas by @fastify/swagger and
 * fastify-type-provider-zod) and Swagger UI at `/api/docs`, served from this package, not a CDN.
 * Registered before the routes, so it sees each of them.
 */
export async function apiDocumentation(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Open Store API', version: '1.0.0', description: DESCRIPTION },
      components: {
        securitySchemes: {
          [BEARER]: { type: 'http', scheme: 'bearer', description: 'The `access.token` of a login, registration or social sign-in answer (API clients).' },
          [SESSION_COOKIE]: {
            type: 'apiKey',
            in: 'cookie',
            name: 'session',
            description:
              'The web storefront\'s httpOnly session cookie (`__Host-session` over https), set on sign-in when the call sends `X-Session: cookie`. Writes carrying it are refused (403 "Cross-site request refused.") when the browser says they come from another site.',
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PATH,
    uiConfig: { url: OPENAPI_PATH, deepLinking: true },
    theme: { title: 'Open Store API' },
  });
  app.get(OPENAPI_PATH, { schema: { hide: true } }, async () => app.swagger());
}

/** What a route under `/api` leaves out of its schema; a route must declare all of it (decision 021). */
export function undeclaredParts({ url, schema }: Pick<RouteOptions, 'url' | 'schema'>): string[] {
  const missing: string[] = [];
  if (!schema?.tags?.length) missing.push('tags');
  if (!schema?.summary) missing.push('summary');
  const statuses = Object.keys((schema?.response as object | undefined) ?? {});
  if (!statuses.some((status) => /^2(\d\d|xx)$/.test(status))) missing.push('success answer');
  if (url.includes(':') && !schema?.params) missing.push('params');
  return missing;
}

/**
 * For the routes under `/api`: a route that does not declare its schema is refused at start, and
 * every error answer is docs/design.md §4's shape, in the document and when it is serialised (a route may
 * declare its own, as the health check's 503 does).
 */
export function documentApiRoutes(api: FastifyInstance) {
  api.addHook('onRoute', (route) => {
    const missing = undeclaredParts(route);
    if (missing.length > 0) throw new Error(`${route.method.toString()} ${route.url} declares no ${missing.join(', ')} in its schema (decision 021)`);
    route.schema!.response = { '4xx': errorAnswerSchema, '5xx': errorAnswerSchema, ...(route.schema!.response as object) };
  });
}
