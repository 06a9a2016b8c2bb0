import { scoped } from './request-scope.ts';
import type { EndpointAnswer, EndpointKey, EndpointRequest, OptionsArgument } from '../../shared/api-endpoints.ts';
import { COOKIE_SESSION_HEADER } from '../../shared/constants.ts';
import { endpointUrl } from '../../shared/endpoint-url.ts';

/** The transport to `/api`: returns the parsed body or throws an ApiError; what to do about errors is the app's business. */
export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: FieldErrors = {},
    /** How long the server asked to wait before trying again (a 429's `retry_after`). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }

  /** The first message of a field, as the forms show it under the field (docs/product/storefront.md §5). */
  fieldError(field: string): string | undefined {
    return this.errors[field]?.[0];
  }
}

interface ClientContext {
  locale(): string;
  /** Whether the storefront shows a shopper signed in: a 401 then means the session is over. */
  signedIn(): boolean;
  onUnauthorized(): void;
  /** A call of someone shown signed in was refused 403: what they may do may have changed since the app asked. */
  onForbidden(): void;
  /** How a request reaches the API: the browser's fetch, or on the server the app itself (server-render.tsx). */
  fetch: typeof fetch;
}

/** One per shopper (request-scope.ts): on the server each render calls the API as its own shopper. */
const clientContext = scoped(
  (): ClientContext => ({ locale: () => 'en', signedIn: () => false, onUnauthorized: () => undefined, onForbidden: () => undefined, fetch: (...args) => fetch(...args) }),
);

export function configureApiClient(next: Partial<ClientContext>) {
  Object.assign(clientContext(), next);
}

interface Transport {
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** A call's parameters, query and body as its contract takes them in, with what the transport needs. */
export type CallOptions<Key extends EndpointKey> = EndpointRequest<Key> & Transport;

interface RequestOptions extends Transport {
  params?: object;
  query?: object;
  body?: unknown;
}

/**
 * One call; the session travels in its httpOnly cookie, which the browser sends by itself, and sign-in
 * calls are asked to answer with that cookie rather than a token (decision 017).
 */
async function request(endpoint: EndpointKey, options: RequestOptions = {}): Promise<unknown> {
  const context = clientContext();
  const headers: Record<string, string> = { ...apiHeaders(), ...options.headers };
  const signedIn = context.signedIn();
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(options.body);
  }

  const { method, url } = endpointUrl(endpoint, options.params, options.query);
  let response: Response;
  try {
    response = await context.fetch(url, { method, headers, body, signal: options.signal });
  } catch (error) {
    if ((error as Error).name === 'AbortError') throw error;
    throw new ApiError(0, 'Network error, please try again.');
  }
  const payload: unknown = response.status === 204 ? null : await response.json().catch(() => null);
  if (!response.ok) throw refusal(response.status, response.statusText, payload, signedIn);
  return payload;
}

/** The headers every call sends besides its own (`XMLHttpRequest` uploads send them too). */
export function apiHeaders(): Record<string, string> {
  return {
    Accept: 'application/json',
    'X-Requested-With': 'XMLHttpRequest',
    'Accept-Language': clientContext().locale(),
    [COOKIE_SESSION_HEADER.name]: COOKIE_SESSION_HEADER.value,
  };
}

/** The ApiError of a refused call's status and JSON body; a 401 of a signed-in shopper ends their session, a 403 is told. */
export function refusal(status: number, statusText: string, payload: unknown, signedIn = clientContext().signedIn()): ApiError {
  const { message, errors, retry_after } = (payload ?? {}) as { message?: string; errors?: FieldErrors; retry_after?: unknown };
  if (status === 401 && signedIn) clientContext().onUnauthorized();
  if (status === 403 && signedIn) clientContext().onForbidden();
  return new ApiError(status, message ?? statusText, errors, typeof retry_after === 'number' ? retry_after : undefined);
}

export const api = {
  /**
   * A call of the endpoint table (`'GET /products/:id'`), its parameters, query and body typed by the
   * contract and its path parameters URL-encoded. The answer is typed as the server's serialiser wrote
   * it from the same schema; it is not parsed again here, which would cost the main thread (decision 025).
   */
  call: async <Key extends EndpointKey>(endpoint: Key, ...[options]: OptionsArgument<CallOptions<Key>>): Promise<EndpointAnswer<Key>> =>
    (await request(endpoint, options)) as EndpointAnswer<Key>,
};
